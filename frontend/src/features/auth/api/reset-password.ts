import { callApi } from '../../../lib/api-client';

export const forgotPassword = (email: string) => callApi('forgotPassword', { body: { email } });
export const resetPassword = (email: string, code: string, newPassword: string) =>
  callApi('resetPassword', { body: { email, code, newPassword } });

import { callApi } from '../../../lib/api-client';

/** An account without a password sets one with a code mailed to its own address. */
export const requestPasswordCode = () => callApi('requestPasswordCode');
export const setPassword = (code: string, newPassword: string) => callApi('setPassword', { body: { code, newPassword } });

// Signing up, in and back in: the auth routes the /auth screen calls (a session cookie on success).
import { callApi, type ApiInput } from '../../../lib/api-client';

export type Credentials = ApiInput<'login'>['body'];

export const signUp = (credentials: Credentials) => callApi('signup', { body: credentials });
export const logIn = (credentials: Credentials) => callApi('login', { body: credentials });
export const verifyEmail = (email: string, code: string) => callApi('verifyEmail', { body: { email, code } });
export const resendVerification = (email: string) => callApi('resendVerification', { body: { email } });

import { apiUrl } from '../../../lib/api-client';

/** Google sign-in is a browser navigation (the gateway redirects to Google and back). */
export const googleSignInUrl = () => apiUrl('startGoogleSignIn');

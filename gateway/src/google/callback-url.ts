import { ENDPOINTS } from '@printloom/contracts';

/** Where Google sends the browser back: built with URL so a PUBLIC_URL ending in `/` never yields `//api`. */
export function googleCallbackUrl(publicUrl: string): string {
  return new URL(ENDPOINTS.finishGoogleSignIn.path, publicUrl).toString();
}

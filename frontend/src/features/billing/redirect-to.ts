import { errorText } from '../../lib/api-client';

/**
 * Asks the billing API for a checkout, top-up or portal URL and goes there; a failure is a browser
 * alert 'Error: message'.
 */
export async function redirectTo(request: () => Promise<{ url: string }>, fallback: string): Promise<boolean> {
  try {
    const { url } = await request();
    window.location.assign(url);
    return true;
  } catch (error) {
    window.alert(`Error: ${errorText(error, fallback)}`);
    return false;
  }
}

import { apiRequest, errorText } from '../../lib/api';

/**
 * Asks the billing API for a checkout, top-up or portal URL and goes there; a failure is a browser
 * alert 'Error: message' (spec section 8).
 */
export async function redirectTo(path: string, body: unknown, fallback: string): Promise<boolean> {
  try {
    const { url } = await apiRequest<{ url: string }>('POST', path, body);
    window.location.assign(url);
    return true;
  } catch (error) {
    window.alert(`Error: ${errorText(error, fallback)}`);
    return false;
  }
}

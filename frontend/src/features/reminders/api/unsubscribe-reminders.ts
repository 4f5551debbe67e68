import { callApi } from '../../../lib/api-client';

/** The confirmation page's button: the reminder link's token goes in the body of a POST. */
export const unsubscribeReminders = (token: string) => callApi('unsubscribeReminders', { body: { token } });

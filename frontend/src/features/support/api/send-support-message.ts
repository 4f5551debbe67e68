import { callApi, type ApiInput } from '../../../lib/api-client';

export type SupportMessage = ApiInput<'sendSupportMessage'>['body'];

export const sendSupportMessage = (message: SupportMessage) => callApi('sendSupportMessage', { body: message });

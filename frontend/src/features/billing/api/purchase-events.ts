// Purchases the server confirmed (webhook or local Pay) that this browser has not reported yet.
import { callApi } from '../../../lib/api-client';

export const claimPurchaseEvents = () => callApi('claimPurchaseEvents');

// The one-time checklist of the Printify connection (issue 40): the seller ticks an item once.
import type { ConnectionChecklistItem } from '@printloom/contracts/connection-checklist';
import { callApi } from '../../../lib/api-client';

export const tickConnectionChecklist = (item: ConnectionChecklistItem) => callApi('tickConnectionChecklist', { params: { item } });

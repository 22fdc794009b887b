import { NoticeTicketSchema } from '@rollbook/shared-types/notices';
import { apiRequest } from '../../../lib/api-client';

/** A ticket that opens the notice stream once, within 30 seconds (EventSource cannot send the bearer header). */
export const getNoticeTicket = () => apiRequest('/api/notices/ticket', NoticeTicketSchema, { method: 'POST' }).then((answer) => answer.ticket);

import { NoticeTokenSchema } from '@rollbook/shared-types/notices';
import { apiRequest } from '../../../lib/api-client';

/** A token that opens the notice stream for a minute (EventSource cannot send the bearer header). */
export const getNoticeToken = () => apiRequest('/api/notices/token', NoticeTokenSchema).then((answer) => answer.token);

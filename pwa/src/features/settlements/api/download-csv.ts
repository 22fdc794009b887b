import { ErrorBodySchema } from '@rollbook/shared-types/common';
import { ApiError, buildUrl, SessionExpiredError, type QueryValue } from '../../../lib/api-client';
import { isSessionActive, session, sessionState } from '../../../lib/session';

/** The file name of a Content-Disposition header, if it names one. */
export function fileNameFrom(disposition: string | null): string | null {
  const match = /filename="([^"]+)"/i.exec(disposition ?? '') ?? /filename=([^;]+)/i.exec(disposition ?? '');
  return match?.[1]?.trim() || null;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a CSV export (PaymentReportCsv, ClassesToProcessCsv) with the bearer token and saves
 * it under the server's file name. Fails like apiRequest: ApiError with the server's message.
 */
export async function downloadCsv(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<string> {
  const user = session.get();
  if (!isSessionActive(user)) {
    // A teacher or student whose token expired stays stored: their phone pages go on offline.
    if (sessionState(user) === 'signed-out') session.clear();
    throw new SessionExpiredError();
  }
  const response = await fetch(buildUrl(path, query), { headers: { Authorization: `Bearer ${user.token}` } });
  if (!response.ok) {
    if (response.status === 401) session.clear();
    const body = ErrorBodySchema.safeParse(await response.json().catch(() => null));
    if (body.success) throw new ApiError(response.status, body.data.code, body.data.message, body.data.fieldErrors);
    throw new ApiError(response.status, `HTTP_${response.status}`, `Request failed with status ${response.status}`);
  }
  const fileName = fileNameFrom(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(await response.blob(), fileName);
  return fileName;
}

import type { ImportKind, ImportPreview } from '@rollbook/shared-types/import';
import type { FastifyInstance } from 'fastify';
import { multipartBody } from '../files/multipart.js';

// Posting a CSV file to the import routes as the screen does: multipart/form-data, one file.

export type Step = 'Preview' | 'Run';

export function postCsv(app: FastifyInstance, headers: Record<string, string>, step: Step, kind: ImportKind | string, content: string | Buffer, filename = `${kind}.csv`) {
  const body = multipartBody({}, [{ filename, content, contentType: 'text/csv' }]);
  return app.inject({ method: 'POST', url: `/api/import/${step}?kind=${kind}`, payload: body.payload, headers: { ...headers, ...body.headers } });
}

/** Lines joined as Excel saves them (CRLF). */
export const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** The problems of one row of a preview, as 'Heading: message' (or the message alone for the whole row). */
export function problemsOf(preview: ImportPreview, rowNumber: number): string[] {
  const row = preview.rows.find((r) => r.rowNumber === rowNumber);
  if (!row) throw new Error(`row ${rowNumber} is not in the preview`);
  return row.problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message));
}

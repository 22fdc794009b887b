/**
 * The uploaded file's name is metadata only: it is shown in lists and offered on download, never
 * used as a path (bytes are stored under a random key). It is still cleaned: directories are cut
 * off ('../../etc/passwd' becomes 'passwd'), control characters dropped and the length capped; a
 * name with nothing left (say '..') is refused.
 */
export function cleanFileName(raw: string): string | null {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!cleaned || /^\.+$/.test(cleaned)) return null;
  if (cleaned.length <= 200) return cleaned;
  const ext = extensionOf(cleaned);
  return ext ? `${cleaned.slice(0, 199 - ext.length)}.${ext}` : cleaned.slice(0, 200);
}

/** Lower-case extension without the dot, or '' (spec field: extention). */
export function extensionOf(name: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return match ? (match[1] as string).toLowerCase() : '';
}

/** The browser's declared type when it looks like one, else the generic binary type. */
export function cleanContentType(mimetype: string | undefined): string {
  return mimetype && /^[\w.+-]{1,60}\/[\w.+-]{1,100}$/.test(mimetype) ? mimetype.toLowerCase() : 'application/octet-stream';
}

// Types a browser may show inline without running anything. Everything else (HTML, SVG, scripts…)
// is sent as application/octet-stream so a download can never execute in the app's origin.
const SAFE_TYPES = new Set([
  'application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain', 'text/csv',
  'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet', 'application/zip',
]);

export function downloadContentType(stored: string): string {
  return SAFE_TYPES.has(stored) ? stored : 'application/octet-stream';
}

/** Content-Disposition for a download: an ASCII fallback plus the exact name (RFC 6266 / 5987). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

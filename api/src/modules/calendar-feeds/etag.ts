import { createHash } from 'node:crypto';

/**
 * A weak ETag of the feed's text: weak because the compression plugin may send other bytes for the
 * same text, and a calendar app only needs to know whether the calendar changed.
 */
export const etagOf = (body: string) => `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** If-None-Match by weak comparison (RFC 9110 §13.1.2): any listed tag, W/ or not, or "*". */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

import { createHash } from 'node:crypto';
import type { MutationEnvelope } from '@rollbook/shared-types/sync';

/** JSON with object keys sorted, so the same change hashes the same whatever order its keys came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes a mutation "the same change": everything it says, and the installation that sent it.
 * A replay hashes the same; the same mutationId with anything else different is a client bug (422).
 */
export function requestHash(clientId: string, m: MutationEnvelope): string {
  const body = canonicalJson([clientId, m.seq, m.name, m.args, m.baseVersion, m.madeAt]);
  return createHash('sha256').update(body).digest('hex');
}

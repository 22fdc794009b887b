import { createHash } from 'node:crypto';
import type { MutationEnvelope } from '@rollbook/shared-types/sync';
import canonicalize from 'canonicalize';
import { badCharacters } from '../../lib/app-error.js';

/**
 * RFC 8785 canonical JSON (JSON Canonicalization Scheme, by the `canonicalize` library): object
 * keys sorted, numbers and strings written one way, so the same change hashes the same whatever
 * order its keys came in, and any client can compute the same text with a JCS library. A string
 * with a lone surrogate has no canonical form: it is refused as text that can not be stored, as
 * PostgreSQL refused it before this was a library.
 */
export function canonicalJson(value: unknown): string {
  try {
    return canonicalize(value) ?? 'null';
  } catch {
    // Of what a JSON body can hold, canonicalize refuses only a string with a lone surrogate.
    throw badCharacters();
  }
}

/**
 * What makes a mutation "the same change": everything it says, and the installation that sent it.
 * A replay hashes the same; the same mutationId with anything else different is a client bug (422).
 */
export function requestHash(clientId: string, m: MutationEnvelope): string {
  const body = canonicalJson([clientId, m.seq, m.name, m.args, m.baseVersion, m.madeAt]);
  return createHash('sha256').update(body).digest('hex');
}

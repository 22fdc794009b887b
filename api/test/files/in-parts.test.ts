import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { inParts } from '../../src/lib/database-file-store.js';

const collect = async (chunks: number[], partBytes: number) => {
  const parts: number[] = [];
  for await (const part of inParts(Readable.from(chunks.map((n) => Buffer.alloc(n, 7))), partBytes)) parts.push(part.length);
  return parts;
};

describe('inParts', () => {
  it.each([
    { chunks: [], parts: [0], why: 'an empty stream is one empty part' },
    { chunks: [3], parts: [3], why: 'less than a part is one short part' },
    { chunks: [4], parts: [4], why: 'exactly a part is one part, no empty one after it' },
    { chunks: [10], parts: [4, 4, 2], why: 'a large chunk is cut into parts' },
    { chunks: [1, 2, 3, 2], parts: [4, 4], why: 'small chunks are joined into parts' },
  ])('$why', async ({ chunks, parts }) => {
    expect(await collect(chunks, 4)).toEqual(parts);
  });

  it('keeps every byte in order', async () => {
    const bytes = Buffer.from(Array.from({ length: 23 }, (_, i) => i));
    const parts: Buffer[] = [];
    for await (const part of inParts(Readable.from([bytes.subarray(0, 5), bytes.subarray(5, 6), bytes.subarray(6)]), 4)) parts.push(part);
    expect(Buffer.concat(parts)).toEqual(bytes);
  });
});

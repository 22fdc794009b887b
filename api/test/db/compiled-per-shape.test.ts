import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/database.js';
import { compiledPerShape } from '../../src/db/per-database.js';

// The list pages compile each page shape's statement once per database (compiledPerShape); offsets
// make unbounded shapes, so a database keeps at most `max` of them and never answers one shape with
// another's statement.

const handle = () => ({}) as Kysely<DB>;

describe('statements compiled per database and page shape', () => {
  it('compiles a shape once per database, and each database its own', () => {
    const kept = compiledPerShape<string>(10);
    let builds = 0;
    const build = (text: string) => () => { builds += 1; return text; };
    const [a, b] = [handle(), handle()];
    expect(kept(a, '20 0', build('page 1 of a'))).toBe('page 1 of a');
    expect(kept(a, '20 0', build('again'))).toBe('page 1 of a');
    expect(kept(b, '20 0', build('page 1 of b'))).toBe('page 1 of b');
    expect(kept(a, '20 20', build('page 2 of a'))).toBe('page 2 of a');
    expect(builds).toBe(3);
  });

  it('keeps at most max shapes, compiling forgotten ones again when asked', () => {
    const kept = compiledPerShape<string>(3);
    const db = handle();
    let builds = 0;
    const ask = (offset: number) => kept(db, `20 ${offset}`, () => { builds += 1; return `offset ${offset}`; });
    for (const offset of [0, 20, 40]) ask(offset);
    expect(ask(60)).toBe('offset 60');
    expect(builds).toBe(4);
    // The first three were forgotten when the fourth came: asked again, each is compiled again, right.
    expect(ask(0)).toBe('offset 0');
    expect(builds).toBe(5);
    expect(ask(60)).toBe('offset 60');
    expect(builds).toBe(5);
  });
});

import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';
import { groupOf } from './fuzz-groups.js';
import { shapeOf } from './zod-shape.js';

// The bad-input fuzz covers every route: a route whose path segment no fuzz group claims fails
// here, as does one whose input schema the fuzzer cannot read.

const ctx = useTestApp();

describe('bad-input fuzz coverage', () => {
  it('puts every API route in a fuzz group', () => {
    expect(ctx.app.routeCatalog.length).toBeGreaterThan(50);
    expect(ctx.app.routeCatalog.filter((r) => groupOf(r.url) === null).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('reads every query and body schema as an object or array the fuzzer can take apart', () => {
    const unreadable = ctx.app.routeCatalog.flatMap((r) =>
      (['querystring', 'body'] as const)
        .filter((part) => r.schema[part] !== undefined && !['object', 'array'].includes(shapeOf(r.schema[part]).kind))
        .map((part) => `${r.method} ${r.url} ${part}`),
    );
    expect(unreadable).toEqual([]);
  });
});

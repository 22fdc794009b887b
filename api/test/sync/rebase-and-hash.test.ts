import type { MutationEnvelope } from '@rollbook/shared-types/sync';
import { describe, expect, it } from 'vitest';
import { effectiveBase, isOwnHistory } from '../../src/modules/sync/rebase.js';
import { canonicalJson, requestHash } from '../../src/modules/sync/request-hash.js';

describe('rebasing on the device\'s own history', () => {
  const steps = (...pairs: [number, number][]) => pairs.map(([versionBefore, versionAfter]) => ({ versionBefore, versionAfter }));
  it.each([
    ['the row has not moved', 3, 3, [], true],
    ['one own step leads there', 1, 2, steps([1, 2]), true],
    ['a chain of own steps leads there', 1, 4, steps([1, 2], [2, 3], [3, 4]), true],
    ['own steps stop short: someone else changed it after', 1, 4, steps([1, 2], [2, 3]), false],
    ['someone else changed it before the own step', 1, 3, steps([2, 3]), false],
    ['no own steps at all', 1, 2, [], false],
    ['an own step that changed nothing is no step', 1, 2, steps([1, 1]), false],
    ['the row is older than the base (never happens; not a match)', 5, 3, [], false],
  ])('%s', (_label, base, current, history, expected) => {
    expect(isOwnHistory(base as number, current as number, history as ReturnType<typeof steps>)).toBe(expected);
  });

  it('reads a base version of 0 (the phone had none) as the first version', () => {
    expect(effectiveBase(0)).toBe(1);
    expect(effectiveBase(7)).toBe(7);
  });
});

describe('request hash', () => {
  const m: MutationEnvelope = {
    mutationId: '6f1c7c1e-9a55-4c55-9a8f-0d5b1c1f2a01', seq: 3, name: 'markAttendance',
    args: { classId: 1, studentId: 2, statusId: 2 }, baseVersion: 1, madeAt: '2026-11-22T10:00:00.000Z',
  };
  const client = '0d2f3f0e-0000-4000-8000-000000000001';

  it('is the same for the same change whatever the order of its argument keys', () => {
    expect(requestHash(client, { ...m, args: { statusId: 2, studentId: 2, classId: 1 } })).toBe(requestHash(client, m));
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });

  it('differs when anything the change says differs, or another installation sends it', () => {
    const base = requestHash(client, m);
    expect(requestHash(client, { ...m, args: { classId: 1, studentId: 2, statusId: 5 } })).not.toBe(base);
    expect(requestHash(client, { ...m, seq: 4 })).not.toBe(base);
    expect(requestHash(client, { ...m, baseVersion: 2 })).not.toBe(base);
    expect(requestHash(client, { ...m, madeAt: '2026-11-22T10:00:01.000Z' })).not.toBe(base);
    expect(requestHash('0d2f3f0e-0000-4000-8000-000000000002', m)).not.toBe(base);
  });
});

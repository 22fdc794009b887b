import { describe, expect, it } from 'vitest';
import { addDays, londonDayStart } from '../../src/lib/london-time.js';
import { decodeCursor, encodeCursor, RESET_AFTER_MS, syncWindow, windowInstants, type SyncCursor, type SyncWindow } from '../../src/modules/sync/sync-cursor.js';

describe('sync window', () => {
  it.each([
    ['a Wednesday', '2026-11-18T12:00:00Z', 4, 8, { from: '2026-10-19', to: '2027-01-17' }],
    ['the Monday after: the window moves a week', '2026-11-23T00:30:00Z', 4, 8, { from: '2026-10-26', to: '2027-01-24' }],
    ['late on Sunday in London is still that week', '2026-11-22T23:59:00Z', 4, 8, { from: '2026-10-19', to: '2027-01-17' }],
    ['23:30 UTC on a summer Sunday is already Monday in London', '2026-06-14T23:30:00Z', 0, 0, { from: '2026-06-15', to: '2026-06-21' }],
    ['only this week', '2026-11-18T12:00:00Z', 0, 0, { from: '2026-11-16', to: '2026-11-22' }],
  ])('covers whole weeks around London today: %s', (_label, now, back, ahead, expected) => {
    expect(syncWindow(new Date(now as string), back as number, ahead as number)).toEqual(expected);
  });

  it("gives each instant its own week's window when asked in turn, back and forth across a week's end and a clock change", () => {
    const asked: [string, SyncWindow][] = [
      ['2026-03-29T00:59:00Z', { from: '2026-03-23', to: '2026-03-29' }], // Sunday, before the clocks go forward
      ['2026-03-29T23:00:00Z', { from: '2026-03-30', to: '2026-04-05' }], // midnight in London (BST): Monday
      ['2026-03-29T22:59:00Z', { from: '2026-03-23', to: '2026-03-29' }], // a minute before: still Sunday
      ['2026-10-25T23:59:00Z', { from: '2026-10-19', to: '2026-10-25' }], // GMT again: Sunday till midnight UTC
      ['2026-10-26T00:00:00Z', { from: '2026-10-26', to: '2026-11-01' }],
      ['2026-03-30T12:00:00Z', { from: '2026-03-30', to: '2026-04-05' }],
    ];
    for (const [now, window] of asked) {
      expect(syncWindow(new Date(now), 0, 0), now).toEqual(window);
      expect(windowInstants(window)).toEqual({ from: londonDayStart(window.from), to: londonDayStart(addDays(window.to, 1)) });
    }
  });
});

describe('pull cursor', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  const cursor: SyncCursor = {
    userId: 7, epoch: '0123456789abcdef', seq: 12345, xmin: '987654', window: { from: '2026-10-19', to: '2027-01-17' },
    at: now.getTime() - 60_000, base: now.getTime() - 3_600_000,
  };

  it('reads back what it wrote, and stays short', () => {
    const text = encodeCursor(cursor);
    expect(text.length).toBeLessThanOrEqual(200);
    expect(decodeCursor(text, 7, now)).toEqual(cursor);
  });

  it.each([
    ['absent', undefined, 7],
    ['not base64 JSON', '%%%', 7],
    ['another user\'s', encodeCursor(cursor), 8],
    ['from the future', encodeCursor({ ...cursor, at: now.getTime() + 3_600_000 }), 7],
    ['a week past the last full pull', encodeCursor({ ...cursor, base: now.getTime() - RESET_AFTER_MS - 1 }), 7],
    ['a window backwards', encodeCursor({ ...cursor, window: { from: '2027-01-17', to: '2026-10-19' } }), 7],
    ['a transaction id that is not a number', Buffer.from(JSON.stringify([4, 7, '0123456789abcdef', 1, 'x', '2026-10-19', '2027-01-17', 1, 1])).toString('base64url'), 7],
    ['without an epoch (from before epochs)', Buffer.from(JSON.stringify([3, 7, 1, '5', '2026-10-19', '2027-01-17', 1, 1])).toString('base64url'), 7],
    ['of an epoch that is not one', Buffer.from(JSON.stringify([4, 7, '../x', 1, '5', '2026-10-19', '2027-01-17', 1, 1])).toString('base64url'), 7],
  ])('asks for a full pull when the cursor is %s', (_label, text, userId) => {
    expect(decodeCursor(text as string | undefined, userId as number, now)).toBeNull();
  });
});

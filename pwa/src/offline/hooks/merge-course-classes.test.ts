import type { ClassItem } from '@rollbook/shared-types/classes';
import { describe, expect, it } from 'vitest';
import type { ClassView } from '../class-views';
import { makeClass } from '../testing/fixtures';
import { mergeCourseClasses } from './merge-course-classes';

// A course running longer than the synced window: the server lists every class, the phone holds
// the ones in its window, some with changes not sent yet.

const at = (day: number) => `2026-${String(Math.floor(day / 28) + 1).padStart(2, '0')}-${String((day % 28) + 1).padStart(2, '0')}T09:00:00.000Z`;

function server(classId: number, day: number, overrides: Partial<ClassItem> = {}): ClassItem {
  const { scheduleVersion: _unused, ...item } = makeClass({ classId, courseId: 5, startsAt: at(day), ...overrides });
  return item;
}

function phone(classId: number, day: number, overrides: Partial<ClassView> = {}): ClassView {
  return { ...makeClass({ classId, courseId: 5, startsAt: at(day) }), pending: false, movingToEnd: false, ...overrides };
}

const summary = (list: ClassView[]) => list.map((c) => [c.classId, c.seriesStatusId, c.pending]);

describe('mergeCourseClasses', () => {
  it('lists every class of the course by date, those outside the window from the server', () => {
    const merged = mergeCourseClasses([phone(3, 60), phone(2, 40)], [server(1, 1), server(2, 40), server(3, 60), server(4, 200)]);
    expect(merged.map((c) => c.classId)).toEqual([1, 2, 3, 4]);
    expect(merged.find((c) => c.classId === 4)).toMatchObject({ startsAt: at(200), pending: false, movingToEnd: false });
  });

  it("keeps the phone's row with an unsent change, even when the server's is newer", () => {
    const marked = phone(2, 40, { seriesStatusId: 3, pending: true, version: 1 });
    const merged = mergeCourseClasses([marked], [server(1, 1), server(2, 40, { seriesStatusId: 2, version: 4 })]);
    expect(summary(merged)).toEqual([[1, 2, false], [2, 3, true]]);
  });

  it("keeps a moved class where the phone has it, and its moving flag, until the server answers", () => {
    const moving = phone(2, 90, { pending: true, movingToEnd: true });
    const merged = mergeCourseClasses([moving], [server(2, 40), server(3, 60)]);
    expect(merged.map((c) => [c.classId, c.startsAt, c.movingToEnd])).toEqual([[3, at(60), false], [2, at(90), true]]);
  });

  it("takes the server's row when it is newer and nothing is waiting on the phone", () => {
    const merged = mergeCourseClasses([phone(2, 40, { seriesStatusId: 1, version: 2 })], [server(2, 40, { seriesStatusId: 3, version: 3 })]);
    expect(summary(merged)).toEqual([[2, 3, false]]);
  });

  it("keeps the phone's row when the server's is no newer", () => {
    const merged = mergeCourseClasses([phone(2, 40, { seriesStatusId: 3, version: 3 })], [server(2, 40, { seriesStatusId: 2, version: 3 })]);
    expect(summary(merged)).toEqual([[2, 3, false]]);
  });

  it('keeps a class only the phone has, and an empty server list leaves the phone rows as they are', () => {
    expect(mergeCourseClasses([phone(9, 5)], [server(1, 1)]).map((c) => c.classId)).toEqual([1, 9]);
    expect(mergeCourseClasses([phone(9, 5)], [])).toEqual([phone(9, 5)]);
  });
});

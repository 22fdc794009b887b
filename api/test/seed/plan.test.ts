import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { londonInstant } from '../../src/seed/calendar.js';
import { planDemoSchool } from '../../src/seed/demo-school.js';
import { classPayPence } from '../../src/seed/payments.js';
import { Random } from '../../src/seed/prng.js';

const ZONE = 'Europe/London';
const plan = (now: Date, extra: { scale?: number; random?: number } = {}) => planDemoSchool({ scale: extra.scale ?? 1, now, random: extra.random }, 'hash');

describe('planDemoSchool', () => {
  it('plans the same school for the same seed and now, and another for another seed', () => {
    const now = new Date('2026-11-18T10:15:00Z');
    expect(plan(now)).toEqual(plan(now));
    expect(plan(now, { random: 7 }).rows.students).not.toEqual(plan(now).rows.students);
  });

  it.each([
    ['a Sunday just before midnight', '2026-11-22T23:30:00Z'],
    ['a Monday just after midnight', '2026-11-23T00:10:00Z'],
    ['a Saturday lunchtime', '2026-06-13T11:00:00Z'],
    ['the day the clocks go forward', '2026-03-29T12:00:00Z'],
    ['the day the clocks go back', '2026-10-25T20:00:00Z'],
  ])('gives both demo teachers classes this week and one by tomorrow when now is %s', (_, iso) => {
    const now = new Date(iso);
    const { rows } = plan(now);
    const local = DateTime.fromJSDate(now, { zone: ZONE });
    const weekStart = local.startOf('week').toJSDate();
    const weekEnd = local.startOf('week').plus({ weeks: 1 }).toJSDate();
    const tomorrowEnd = local.plus({ days: 1 }).endOf('day').toJSDate();
    for (const teacherId of [1, 2]) {
      const own = rows.classes.filter((c) => c.teacherId === teacherId).map((c) => c.startsAt as Date);
      expect(own.some((s) => s >= weekStart && s < weekEnd)).toBe(true);
      expect(own.some((s) => s > now && s <= tomorrowEnd)).toBe(true);
      expect(own.some((s) => s < now)).toBe(true);
    }
  });

  it('never books a teacher into two overlapping classes', () => {
    const { rows } = plan(new Date('2026-11-18T10:15:00Z'), { scale: 3 });
    const byTeacher = new Map<number, { start: number; end: number }[]>();
    for (const c of rows.classes) {
      const list = byTeacher.get(c.teacherId) ?? [];
      list.push({ start: (c.startsAt as Date).getTime(), end: (c.endsAt as Date).getTime() });
      byTeacher.set(c.teacherId, list);
    }
    let overlaps = 0;
    for (const list of byTeacher.values()) {
      list.sort((a, b) => a.start - b.start);
      for (let i = 1; i < list.length; i++) if ((list[i] as { start: number }).start < (list[i - 1] as { end: number }).end) overlaps++;
    }
    expect(overlaps).toBe(0);
  });

  it('multiplies companies, rooms, people and courses by the scale and keeps lookups and sign-ins fixed', () => {
    const now = new Date('2026-11-18T10:15:00Z');
    const one = plan(now).rows;
    const three = plan(now, { scale: 3 }).rows;
    expect(three.companies).toHaveLength(one.companies.length * 3);
    expect(three.rooms).toHaveLength(18);
    expect(three.teachers).toHaveLength(36);
    expect(three.students).toHaveLength(450);
    expect(three.courses).toHaveLength(120);
    expect(three.subjects).toEqual(one.subjects);
    expect(three.users.map((u) => u.username).slice(0, 4)).toEqual(['admin', 'teacher', 'teacher2', 'student']);
    expect(new Set(three.companies.map((c) => c.code.toUpperCase())).size).toBe(three.companies.length);
  });

  it('titles courses like the class generator: code, subject and level or attendee, ddmmyy, minutes', () => {
    const { rows } = plan(new Date('2026-11-18T10:15:00Z'));
    for (const c of rows.courses) {
      expect(c.title).toMatch(/^[A-Za-z0-9-]+ .+ \d{6} \d+m$/);
      expect(c.title.endsWith(` ${c.duration * c.classLengthTemplate}m`)).toBe(true);
    }
    expect(rows.courses.some((c) => c.title.startsWith('ACME English B1 '))).toBe(true);
  });
});

describe('classPayPence', () => {
  it.each([
    [60, 2500, 2500],
    [90, 2500, 3750],
    [45, 1735, 1301],
    [45, 2125, 1594],
    [120, 1735, 3470],
    [50, 1001, 834],
  ])('pays %i minutes at %i p/h as %i p', (length, rate, pence) => {
    expect(classPayPence(length, rate)).toBe(pence);
  });
});

describe('londonInstant', () => {
  it.each([
    ['2026-10-23', '09:00', '2026-10-23T08:00:00.000Z'],
    ['2026-10-26', '09:00', '2026-10-26T09:00:00.000Z'],
    ['2026-03-27', '09:00', '2026-03-27T09:00:00.000Z'],
    ['2026-03-30', '09:00', '2026-03-30T08:00:00.000Z'],
  ])('keeps %s %s at London wall-clock time', (date, time, iso) => {
    expect(londonInstant(date, time).toISOString()).toBe(iso);
  });
});

describe('Random', () => {
  it('repeats its sequence for a seed', () => {
    const a = new Random(42);
    const b = new Random(42);
    expect(Array.from({ length: 5 }, () => a.int(1, 100))).toEqual(Array.from({ length: 5 }, () => b.int(1, 100)));
  });
});

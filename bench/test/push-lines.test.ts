import { describe, expect, it } from 'vitest';
import { PhoneFactory, phoneSlots, type RegisterLine } from '../src/api/push-lines.js';
import type { SignedIn } from '../src/api/sign-in.js';

// The push's phones: one per teacher, as at 9 a.m., so no two phones mark classes of one course
// (whose students' attendance rates are the same rows).

const teacher = (teacherId: number): SignedIn => ({
  token: `token-${teacherId}`,
  principal: { userId: 1000 + teacherId, roles: [], isAdmin: false, teacherId, studentId: null },
});
const linesOf = (teacherId: number, count: number): RegisterLine[] =>
  Array.from({ length: count }, (_, i) => ({ classId: teacherId * 1000 + Math.floor(i / 8), studentId: i % 8 }));

describe('the push phones', () => {
  it("are one per teacher, each with the teacher's first 50 lines", () => {
    const teachers = [{ teacher: teacher(1), lines: linesOf(1, 180) }, { teacher: teacher(2), lines: linesOf(2, 30) }, { teacher: teacher(3), lines: [] }];
    const slots = phoneSlots(teachers);
    expect(slots.map((s) => s.teacher.principal.teacherId)).toEqual([1, 2]);
    expect(slots[0]?.lines).toEqual(linesOf(1, 50));
    expect(slots[1]?.lines).toEqual(linesOf(2, 30));
  });

  it('hand each new phone the next teacher, so the phones of one run are different teachers', () => {
    const factory = new PhoneFactory(phoneSlots([1, 2, 3].map((id) => ({ teacher: teacher(id), lines: linesOf(id, 60) }))));
    const phones = Array.from({ length: 3 }, () => factory.next());
    expect(new Set(phones.map((p) => p.teacher.principal.teacherId))).toEqual(new Set([1, 2, 3]));
    expect(new Set(phones.map((p) => p.clientId)).size).toBe(3);
    const batch = phones[0]?.nextBatch();
    expect(batch?.mutations).toHaveLength(50);
    expect(batch?.mutations.map((m) => m.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});

import { CourseStatus } from '@rollbook/shared-types/statuses';
import { epochDay } from './calendar.js';
import type { CourseSpec } from './courses.js';
import type { StudentInfo, StudentPlan } from './people.js';
import type { Random } from './prng.js';
import type { SeedRows } from './seed-plan.js';

/** Chooses who is enrolled, enquiring or waiting on each course, spreading places over students. */
export class Registrar {
  private readonly load = new Map<number, number>();
  private readonly firstCourseDay = new Map<number, number>();

  constructor(
    private readonly random: Random,
    private readonly students: StudentPlan,
  ) {}

  /** Fills the register from the company's (or the private) students, least busy first. */
  enrol(spec: CourseSpec, fixed: StudentInfo[]): void {
    const r = this.random;
    const pool = this.students.byCompany.get(spec.company?.companyId ?? null) ?? [];
    const draft = spec.statusId === CourseStatus.Draft;
    const wanted = spec.typeId === 2 ? (draft ? 0 : 1) : draft ? (r.chance(0.4) ? r.int(2, 5) : 0) : r.int(3, 9);
    const taken = new Set(fixed.map((s) => s.studentId));
    // People who had joined by then come first; others are backdated later (backdateJoining).
    const startDay = epochDay(spec.startMonday);
    const joined = pool.filter((s) => s.joinedDay <= startDay + 7);
    const take = (count: number) => {
      if (count <= 0) return [];
      const free = (list: StudentInfo[]) => list.filter((s) => !taken.has(s.studentId));
      const from = joined.length - taken.size >= count ? joined : pool;
      // A random shortlist, least busy first: spreads courses over students without sorting the whole pool.
      const chosen = free(r.sample(from, Math.min(from.length, count * 4 + 8)))
        .map((s) => ({ s, load: this.load.get(s.studentId) ?? 0 }))
        .sort((a, b) => a.load - b.load)
        .slice(0, count)
        .map(({ s }) => s);
      for (const s of chosen) taken.add(s.studentId);
      return chosen;
    };
    spec.enrolled = [...fixed, ...take(wanted - fixed.length)];
    const enquiries = spec.typeId === 2 ? (spec.enrolled.length ? 0 : 1) : draft ? r.int(1, 3) : r.chance(0.3) ? r.int(1, 2) : 0;
    spec.enquired = take(enquiries);
    spec.waiting = spec.typeId === 1 && r.chance(draft ? 0.4 : 0.15) ? take(1) : [];
    for (const s of spec.enrolled) {
      this.load.set(s.studentId, (this.load.get(s.studentId) ?? 0) + 1);
      this.firstCourseDay.set(s.studentId, Math.min(this.firstCourseDay.get(s.studentId) ?? Infinity, startDay));
    }
  }

  /** A student joined the school before their first course began. */
  backdateJoining(students: SeedRows['students']): void {
    for (const row of students) {
      const firstDay = this.firstCourseDay.get(row.studentId as number);
      let joinedAt = row.joinedAt as Date;
      if (firstDay !== undefined) {
        const latest = (firstDay - this.random.int(3, 45)) * 86_400_000 + this.random.int(8, 18) * 3_600_000;
        if (latest < joinedAt.getTime()) joinedAt = new Date(latest);
      }
      row.joinedAt = joinedAt;
      row.createdAt = joinedAt;
    }
  }
}

import { AttendanceStatus, ClassStatus } from '@rollbook/shared-types/statuses';
import { addDays, londonInstant } from './calendar.js';
import type { SeriesInfo } from './courses.js';
import type { SeedContext } from './seed-plan.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A planned class and the facts settlement needs; row is what gets inserted. */
export interface ClassInfo {
  row: {
    classId: number; classSeriesId: number; courseId: number; teacherId: number; teacherRateId: number; roomId: number | null;
    startsAt: Date; endsAt: Date; classLength: number; statusId: number; paymentHeaderId: number | null; createdAt: Date;
  };
  /** London date of the class. */
  date: string;
}

/**
 * Expands every series into classes with one register line per enrolled student. Stored status
 * follows the schema's convention: 1 until marked (the API shows "requires marking" once it has
 * ended), 3 when every line is marked; settlement later turns some 3s into 6.
 */
export function planClasses(ctx: SeedContext, series: SeriesInfo[], adminUserId: number, demoTeacherIds: number[]): ClassInfo[] {
  const random = ctx.random.fork('classes');
  const now = ctx.now.getTime();
  const classes: ClassInfo[] = [];
  for (const s of series) {
    for (let i = 0; i < s.numberOfClasses; i++) {
      const date = addDays(s.firstDate, i * s.intervalDays);
      const startsAt = londonInstant(date, s.time);
      const endsAt = new Date(startsAt.getTime() + s.classLength * MINUTE);
      const age = now - endsAt.getTime();
      const marked = endsAt.getTime() <= now && isMarked(age, demoTeacherIds.includes(s.teacher.teacherId), random.next());
      const row = {
        classId: classes.length + 1, classSeriesId: s.classSeriesId, courseId: s.courseId, teacherId: s.teacher.teacherId,
        teacherRateId: s.teacherRateId, roomId: s.roomId, startsAt, endsAt, classLength: s.classLength,
        statusId: marked ? ClassStatus.Marked : ClassStatus.Scheduled, paymentHeaderId: null,
        createdAt: new Date(Math.min(now, Date.parse(`${s.firstDate}T08:00:00Z`) - 3 * DAY)),
      };
      classes.push({ row, date });
      ctx.rows.classes.push(row);
      const markedBy = s.teacher.userId ?? adminUserId;
      const markedAt = marked ? new Date(Math.min(now - MINUTE, endsAt.getTime() + random.int(10, 36 * 60) * MINUTE)) : null;
      for (const studentId of s.enrolledIds) {
        ctx.rows.classAttendance.push({
          classId: row.classId, studentId, statusId: marked ? attendanceStatus(random.next()) : AttendanceStatus.Pending,
          markedAt, markedBy: marked ? markedBy : null,
        });
      }
    }
  }
  return classes;
}

/**
 * Older classes are marked; the last ten days leave work for "requires marking". The demo
 * teachers always have their last week's classes waiting, so the walk-through has something to mark.
 */
function isMarked(ageMs: number, demoTeacher: boolean, roll: number): boolean {
  if (demoTeacher) return ageMs > 6 * DAY;
  if (ageMs <= 10 * DAY) return roll < 0.55;
  if (ageMs <= 60 * DAY) return roll < 0.98;
  return true;
}

/** Mostly attended or absent, now and then a late cancellation or one cancelled in advance. */
function attendanceStatus(roll: number): number {
  if (roll < 0.84) return AttendanceStatus.Attended;
  if (roll < 0.96) return AttendanceStatus.Absent;
  return roll < 0.98 ? AttendanceStatus.LateCancellation : AttendanceStatus.CancelledInAdvance;
}

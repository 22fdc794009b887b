import type { SyncAttendance, SyncClass, SyncCourse, SyncEnrolment, SyncStudent } from '@rollbook/shared-types/sync';
import { RollbookDb } from '../db';
import { slotFields } from '../london-slot';

// Small factories for the offline tests: one class, one register line, one student at a time.

let dbCounter = 0;

/** A fresh database name per test, so tests never see each other's rows. */
export function freshDbName(): string {
  dbCounter += 1;
  return `rollbook-test-${dbCounter}-${crypto.randomUUID()}`;
}

export const openTestDb = (name: string = freshDbName()): RollbookDb => new RollbookDb(name);

export function makeClass(overrides: Partial<SyncClass> & { classId: number }): SyncClass {
  const startsAt = overrides.startsAt ?? '2026-11-23T10:00:00.000Z';
  const classLength = overrides.classLength ?? 60;
  return {
    courseId: 1, classSeriesId: 1, seriesId: 1, teacherId: 7, teacher: 'Tom Teacher', teacherRateId: 1, teacherRate: 'Standard',
    roomId: null, room: null, companyId: null, company: null, address: null, definedAddress: null,
    ...slotFields(startsAt, classLength),
    course: 'General English', courseDescription: 'Evening group', courseStatusId: 2, courseTypeId: 1, courseType: 'Group',
    subjectId: 1, subject: 'English', subjectColor: '#123456', courseLevelId: 1, level: 'B1', studentCount: 2,
    seriesStatusId: 2, classStudentStatusId: null, paymentHeaderId: null, version: 1, scheduleVersion: 1,
    ...overrides,
  };
}

export const makeLine = (classId: number, studentId: number, statusId = 1, version = 1): SyncAttendance => ({ classId, studentId, statusId, version });

export function makeStudent(studentId: number, firstName: string, lastName: string, company: string | null = null): SyncStudent {
  return { studentId, firstName, lastName, email: null, mobile: null, landline: null, companyId: company ? 1 : null, company };
}

export function makeCourse(courseId: number, title: string): SyncCourse {
  return {
    courseId, parentId: null, title, description: '', subjectId: 1, subject: 'English', subjectColor: '#123456', courseLevelId: 1,
    courseLevel: 'B1', typeId: 1, courseType: 'Group', companyId: null, company: null, companyCode: null, address: null,
    private: true, sponsored: false, virtual: false, courseStatusId: 2, courseStatus: 'Active', startDate: '2026-11-01',
    startDateString: '01/11/2026', endDateString: '01/02/2027', expiringDateString: '', duration: 10, classLengthTemplate: 60,
    durationMinutes: 600, totalClassLength: 600, timeDiscrepancy: 0, totalClasses: 10, takenPlace: 3, classesRemaining: 7,
    minsRemaining: 420, percentageComplete: 30, markedCount: 3, classesUnmarked: 0, hasUnMarkedClasses: false, enrolledCount: 2,
    enquiredCount: 0, waitingCount: 0, teacher: 'Tom Teacher', hasClone: false, price: null, pricePence: null,
    maxNumberStudents: null, minNumberStudents: null,
  };
}

export const makeEnrolment = (courseId: number, studentId: number, statusId = 1): SyncEnrolment => ({ courseId, studentId, statusId });

/** A fake clock the tests move by hand. */
export function manualClock(start = Date.parse('2026-11-23T12:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
    set: (ms: number) => {
      now = ms;
    },
  };
}

/** Timers that never fire on their own: tests call the engine directly. */
export const idleTimers = { set: () => null, clear: () => undefined };

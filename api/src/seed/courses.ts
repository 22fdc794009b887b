import { EnrolmentStatus } from '@rollbook/shared-types/statuses';
import { addDays, ddmmyy } from './calendar.js';
import type { CompanyInfo } from './companies-and-rooms.js';
import type { Lookups, LevelName, SubjectName } from './lookups.js';
import type { RateInfo, StudentInfo, TeacherInfo } from './people.js';
import { SCHOOL_ADDRESS } from './places.js';
import type { SeedContext } from './seed-plan.js';

export const SCHEDULE_INTERVAL_DAYS: Record<number, number> = { 1: 7, 2: 14 };

export interface SeriesSpec {
  weekday: number;
  /** London wall-clock 'HH:MM'. */
  time: string;
  /** 1 weekly, 2 fortnightly. */
  scheduleId: number;
  numberOfClasses: number;
  teacher: TeacherInfo;
  rate: RateInfo;
  roomId: number | null;
}

/** What a course should look like; buildCourses turns it into rows. */
export interface CourseSpec {
  statusId: number;
  /** 1 Group, 2 Individual. */
  typeId: number;
  subject: SubjectName;
  level: LevelName;
  company: CompanyInfo | null;
  virtual: boolean;
  classLength: number;
  /** Monday of the course's first week. */
  startMonday: string;
  weeks: number;
  series: SeriesSpec[];
  /** Classes bought but not generated: all of a draft's, or a time discrepancy for the dashboard. */
  ungeneratedClasses: number;
  enrolled: StudentInfo[];
  enquired: StudentInfo[];
  waiting: StudentInfo[];
}

export interface SeriesInfo {
  classSeriesId: number;
  courseId: number;
  courseStatusId: number;
  teacher: TeacherInfo;
  teacherRateId: number;
  roomId: number | null;
  firstDate: string;
  intervalDays: number;
  time: string;
  classLength: number;
  numberOfClasses: number;
  /** Enrolled (status 1) students: one register line each per class. */
  enrolledIds: number[];
}

export function seriesFirstDate(spec: CourseSpec, series: SeriesSpec): string {
  return addDays(spec.startMonday, series.weekday - 1);
}

/** Writes courses, enrolments and class_series rows; ids follow start dates, as if created over time. */
export function buildCourses(ctx: SeedContext, lookups: Lookups, specs: CourseSpec[]): SeriesInfo[] {
  const random = ctx.random.fork('course-rows');
  const allSeries: SeriesInfo[] = [];
  const ordered = specs.map((spec, i) => ({ spec, i })).sort((a, b) => a.spec.startMonday.localeCompare(b.spec.startMonday) || a.i - b.i);
  for (const { spec } of ordered) {
    const courseId = ctx.rows.courses.length + 1;
    const firstDates = spec.series.map((s) => seriesFirstDate(spec, s));
    const lastDates = spec.series.map((s) => addDays(seriesFirstDate(spec, s), (s.numberOfClasses - 1) * (SCHEDULE_INTERVAL_DAYS[s.scheduleId] ?? 7)));
    const startDate = firstDates.length ? (firstDates.sort()[0] as string) : addDays(spec.startMonday, random.int(0, 3));
    const endDate = lastDates.length ? (lastDates.sort().at(-1) as string) : addDays(startDate, spec.weeks * 7 - 3);
    const duration = spec.series.reduce((n, s) => n + s.numberOfClasses, 0) + spec.ungeneratedClasses;
    const totalMinutes = duration * spec.classLength;
    const attendee = spec.enrolled[0] ?? spec.enquired[0];
    const who = spec.typeId === 2 && attendee ? `${attendee.firstName} ${attendee.lastName}` : `${spec.subject} ${spec.level}`;
    const hourlyPence = spec.typeId === 2 ? random.pick([3800, 4200, 4500, 5000]) : random.pick([5500, 6500, 7500, 9000]);
    ctx.rows.courses.push({
      courseId,
      title: `${spec.company?.code ?? 'Private'} ${who} ${ddmmyy(startDate)} ${totalMinutes}m`,
      description: describe(spec, attendee),
      subjectId: lookups.subjectId[spec.subject],
      courseLevelId: lookups.levelId[spec.level],
      courseTypeId: spec.typeId,
      companyId: spec.company?.companyId ?? null,
      addressId: spec.company && !spec.virtual ? (random.chance(0.75) ? spec.company.primaryAddressId : random.pick(spec.company.addressIds)) : null,
      definedAddress: spec.virtual ? 'Online (Microsoft Teams)' : spec.company ? null : SCHOOL_ADDRESS,
      private: spec.company === null,
      sponsored: spec.company !== null && random.chance(0.3),
      virtual: spec.virtual,
      startDate, endDate, duration,
      classLengthTemplate: spec.classLength,
      maxNumberStudents: spec.typeId === 2 ? 1 : random.pick([8, 10, 12]),
      minNumberStudents: spec.typeId === 2 ? 1 : 3,
      // Priced per hour of teaching, rounded to £5.
      pricePence: Math.round((totalMinutes * hourlyPence) / 60 / 500) * 500,
      courseStatusId: spec.statusId,
      createdAt: new Date(Date.parse(`${startDate}T10:00:00Z`) - random.int(10, 45) * 86_400_000),
    });
    for (const [statusId, students] of [[EnrolmentStatus.Enrolled, spec.enrolled], [EnrolmentStatus.Enquired, spec.enquired], [EnrolmentStatus.Waiting, spec.waiting]] as const) {
      for (const s of students) ctx.rows.enrolments.push({ courseId, studentId: s.studentId, statusId });
    }
    for (const s of spec.series) {
      const classSeriesId = ctx.rows.classSeries.length + 1;
      const firstDate = seriesFirstDate(spec, s);
      ctx.rows.classSeries.push({
        classSeriesId, courseId, teacherId: s.teacher.teacherId, teacherRateId: s.rate.teacherRateId, roomId: s.roomId,
        scheduleId: s.scheduleId, dayWeekId: s.weekday, startDate: firstDate, startTime: s.time,
        classLength: spec.classLength, numberOfClasses: s.numberOfClasses,
        createdAt: new Date(Date.parse(`${firstDate}T09:00:00Z`) - random.int(3, 20) * 86_400_000),
      });
      allSeries.push({
        classSeriesId, courseId, courseStatusId: spec.statusId, teacher: s.teacher, teacherRateId: s.rate.teacherRateId,
        roomId: s.roomId, firstDate, intervalDays: SCHEDULE_INTERVAL_DAYS[s.scheduleId] ?? 7, time: s.time,
        classLength: spec.classLength, numberOfClasses: s.numberOfClasses, enrolledIds: spec.enrolled.map((e) => e.studentId),
      });
    }
  }
  return allSeries;
}

const FOCUS: Record<SubjectName, string[]> = {
  English: ['everyday conversation and listening', 'grammar consolidation and writing', 'speaking confidence and pronunciation'],
  Spanish: ['travel and everyday situations', 'conversation with a focus on Latin American Spanish', 'grammar and speaking'],
  French: ['conversation and listening', 'business meetings and correspondence', 'grammar and pronunciation'],
  German: ['everyday German for work and travel', 'grammar and speaking', 'preparation for a posting to Munich'],
  Italian: ['conversation and culture', 'travel and everyday situations'],
  Mandarin: ['pinyin, tones and survival phrases', 'business etiquette and conversation'],
  'Business English': ['meetings, negotiations and presentations', 'e-mails and report writing', 'telephone and video-call English'],
  'IELTS Preparation': ['exam technique for all four papers', 'writing tasks 1 and 2 with timed practice', 'speaking test practice'],
};

function describe(spec: CourseSpec, attendee: StudentInfo | undefined): string {
  const focus = FOCUS[spec.subject][(spec.startMonday.charCodeAt(9) + spec.weeks) % FOCUS[spec.subject].length];
  if (spec.typeId === 2) return `One-to-one ${spec.subject} (${spec.level}) for ${attendee ? attendee.firstName : 'a private client'}: ${focus}.`;
  const where = spec.company ? `${spec.company.name} staff` : 'private students';
  return `${spec.subject} ${spec.level} group for ${where}, ${spec.classLength} minutes a class: ${focus}.`;
}

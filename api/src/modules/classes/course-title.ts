import { CourseType } from '@rollbook/shared-types/lookups';

export interface TitleParts {
  /** Company code; null for private courses. */
  companyCode: string | null;
  typeId: number;
  /** "First Last" of the student on an Individual course, when there is one. */
  attendee: string | null;
  subject: string;
  level: string;
  /** First class date, ISO. */
  startDate: string;
  /** The course's minutes (classLengthTemplate × duration). */
  totalMinutes: number;
}

/**
 * Spec §2.4: company code, then the attendee (Individual courses) or subject and level, then the
 * start date as ddmmyy, then the total minutes: "ACME Maria Lopez 090326 600m". Private courses
 * have no company and start with "Private".
 */
export function buildCourseTitle(p: TitleParts): string {
  const who = p.typeId === CourseType.Individual && p.attendee ? p.attendee : `${p.subject} ${p.level}`;
  const ddmmyy = `${p.startDate.slice(8, 10)}${p.startDate.slice(5, 7)}${p.startDate.slice(2, 4)}`;
  return `${p.companyCode ?? 'Private'} ${who.trim()} ${ddmmyy} ${p.totalMinutes}m`.replace(/\s+/g, ' ');
}

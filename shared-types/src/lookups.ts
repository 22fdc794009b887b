import { z } from 'zod';

// Status codes (spec §4) and the reference lists forms pick from.

/** Course status. */
export const CourseStatus = { Draft: 1, Active: 2, Completed: 3, Archived: 4, Suspended: 5 } as const;
export const COURSE_STATUS_NAMES: Record<number, string> = { 1: 'Draft', 2: 'Active', 3: 'Completed', 4: 'Archived', 5: 'Suspended' };

/** A student's place on a course; 0 means cleared. */
export const EnrolmentStatus = { None: 0, Enrolled: 1, Enquired: 2, Waiting: 3 } as const;
export const ENROLMENT_STATUS_NAMES: Record<number, string> = { 0: 'None', 1: 'Enrolled', 2: 'Enquired', 3: 'Waiting' };

/** The spec's "series status" of a class, as the API derives it at the moment of the query. */
export const ClassStatus = { NoStudents: 0, Scheduled: 1, RequiresMarking: 2, Marked: 3, Archived: 4, Suspended: 5, Paid: 6 } as const;
export const CLASS_STATUS_NAMES: Record<number, string> = {
  0: 'No Students', 1: 'Scheduled', 2: 'Requires marking', 3: 'Marked', 4: 'Archived', 5: 'Suspended', 6: 'Paid',
};

/** A student's line in a class register. Teachers set only Attended or Absent, or clear to Pending. */
export const AttendanceStatus = {
  NotEnrolled: 0, Pending: 1, Attended: 2, LateCancellation: 3, CancelledInAdvance: 4, Absent: 5, NotStudent: 6,
} as const;
export const ATTENDANCE_STATUS_NAMES: Record<number, string> = {
  0: 'Not enrolled', 1: 'Pending', 2: 'Attended', 3: 'Late cancellation', 4: 'Cancelled in advance', 5: 'Absent', 6: 'Not student',
};

/** Course types have fixed ids. */
export const CourseType = { Group: 1, Individual: 2 } as const;

export const SubjectSchema = z.object({ subjectId: z.number().int(), name: z.string(), color: z.string() });
export type Subject = z.infer<typeof SubjectSchema>;

export const CourseLevelSchema = z.object({ courseLevelId: z.number().int(), name: z.string() });
export type CourseLevel = z.infer<typeof CourseLevelSchema>;

export const CourseTypeSchema = z.object({ courseTypeId: z.number().int(), name: z.string() });
export type CourseTypeItem = z.infer<typeof CourseTypeSchema>;

/** How a class series repeats: every intervalDays, skipping weekends when weekdaysOnly. */
export const ScheduleSchema = z.object({
  scheduleId: z.number().int(),
  name: z.string(),
  intervalDays: z.number().int(),
  weekdaysOnly: z.boolean(),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

/** ISO weekday: 1 Monday … 7 Sunday. */
export const DayWeekSchema = z.object({ dayWeekId: z.number().int(), name: z.string() });
export type DayWeek = z.infer<typeof DayWeekSchema>;

export const NationalitySchema = z.object({ nationalityId: z.number().int(), name: z.string() });
export type Nationality = z.infer<typeof NationalitySchema>;

/** imageName carries a {size} placeholder the client fills in. */
export const AvatarSchema = z.object({ avatarId: z.number().int(), imageName: z.string(), gender: z.string() });
export type Avatar = z.infer<typeof AvatarSchema>;

export const SubjectListSchema = z.array(SubjectSchema);
export const CourseLevelListSchema = z.array(CourseLevelSchema);
export const CourseTypeListSchema = z.array(CourseTypeSchema);
export const ScheduleListSchema = z.array(ScheduleSchema);
export const DayWeekListSchema = z.array(DayWeekSchema);
export const NationalityListSchema = z.array(NationalitySchema);
export const AvatarListSchema = z.array(AvatarSchema);

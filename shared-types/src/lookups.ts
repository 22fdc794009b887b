import { z } from 'zod';

// The reference lists forms pick from (the status codes are in statuses.ts).

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

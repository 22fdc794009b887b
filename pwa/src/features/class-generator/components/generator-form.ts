import { CLASS_MESSAGES, GenerateClassesRequestSchema, type GenerateClassesRequest } from '@rollbook/shared-types/classes';
import type { CourseDetail } from '@rollbook/shared-types/courses';
import { typedWholeNumber } from '@rollbook/shared-types/dates';
import type { FieldErrors } from '../../../components/form-fields/field-errors';

export interface GeneratorValues {
  teacherId: number;
  teacherRateId: number;
  roomId: number;
  scheduleId: number;
  /** 0: the start date's weekday. */
  dayWeekId: number;
  startDateString: string;
  /** 'HH:mm' or ''. */
  time: string;
  numberOfClasses: string;
  classLength: string;
}

export const GENERATED_MESSAGE = 'Classes successfully generated';

/** Minutes still to generate: what was bought minus what exists (the time discrepancy). */
export const minutesLeft = (course: Pick<CourseDetail, 'timeDiscrepancy'>): number => course.timeDiscrepancy;

/** Starts from the course's class length and as many classes as its minutes still allow. */
export function initialGenerator(course: Pick<CourseDetail, 'timeDiscrepancy' | 'classLengthTemplate'>): GeneratorValues {
  const length = course.classLengthTemplate;
  const classesLeft = length > 0 ? Math.floor(Math.max(0, minutesLeft(course)) / length) : 0;
  return {
    teacherId: 0, teacherRateId: 0, roomId: 0, scheduleId: 0, dayWeekId: 0, startDateString: '', time: '',
    numberOfClasses: classesLeft > 0 ? String(classesLeft) : '', classLength: length > 0 ? String(length) : '',
  };
}

export type GeneratorCheck =
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  | { kind: 'noMinutes' }
  | { kind: 'notEnoughTime' }
  | { kind: 'ok'; request: GenerateClassesRequest };

/**
 * The generator's rules before calling the API: the required fields of §2.4 with the contract's
 * own messages, then 'No minutes remaining' when none is left, then the inline 'not enough time'.
 */
export function checkGenerator(values: GeneratorValues, courseId: number, left: number): GeneratorCheck {
  const parsed = GenerateClassesRequestSchema.safeParse({
    courseId,
    teacherId: values.teacherId,
    teacherRateId: values.teacherRateId,
    time: values.time,
    scheduleId: values.scheduleId,
    startDateString: values.startDateString,
    numberOfClasses: typedWholeNumber(values.numberOfClasses),
    classLength: typedWholeNumber(values.classLength),
    dayWeekId: values.dayWeekId || null,
    roomId: values.roomId || null,
  });
  if (!parsed.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      fieldErrors[field] ??= [issue.message];
    }
    return { kind: 'invalid', fieldErrors };
  }
  if (left <= 0) return { kind: 'noMinutes' };
  if (parsed.data.numberOfClasses * parsed.data.classLength > left) return { kind: 'notEnoughTime' };
  // The API parses the date itself: send it as typed (d/m/yyyy).
  return { kind: 'ok', request: { ...parsed.data, startDateString: values.startDateString.trim() } };
}

/** The API's own minutes refusals, mapped to how the generator shows them. */
export function refusalKind(message: string): 'noMinutes' | 'notEnoughTime' | null {
  if (message === CLASS_MESSAGES.noMinutes) return 'noMinutes';
  if (message === CLASS_MESSAGES.notEnoughToGenerate) return 'notEnoughTime';
  return null;
}

import type { ClassItem } from '@rollbook/shared-types/classes';
import { parseDmy, parseTime, parseWholeNumber } from '@rollbook/shared-types/dates';
import { DMY_FORMAT_MESSAGE } from '../../../components/form-fields/dmy-date-field';
import { toFiveMinuteTime } from '../../../components/form-fields/time-select';

export interface RescheduleValues {
  classDate: string;
  time: string;
  classLength: string;
}

export const RESCHEDULE_MESSAGES = {
  time: 'Please choose a time',
  classLength: 'Please enter the class length in minutes',
  moved: 'Class moved to the end of the course',
  rescheduled: 'Class successfully rescheduled',
  moveQuestion: 'Are you sure you wish to move this class to the end of the course?',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** The class as it is now: its date, its start time on the 5-minute grid and its length. */
export function initialReschedule(classItem: Pick<ClassItem, 'classDateString' | 'time' | 'classLength'>): RescheduleValues {
  const time = toFiveMinuteTime(classItem.time);
  return {
    classDate: classItem.classDateString,
    time: time ? `${pad(time.hour)}:${pad(time.minute)}` : '',
    classLength: String(classItem.classLength),
  };
}

export type RescheduleResult =
  | { value: { classDate: string; time: string; classLength: number }; errors?: undefined }
  | { value?: undefined; errors: Partial<Record<keyof RescheduleValues, string>> };

export function validateReschedule(values: RescheduleValues): RescheduleResult {
  const errors: Partial<Record<keyof RescheduleValues, string>> = {};
  if (!parseDmy(values.classDate)) errors.classDate = DMY_FORMAT_MESSAGE;
  const time = parseTime(values.time);
  if (!time || time.minute % 5 !== 0) errors.time = RESCHEDULE_MESSAGES.time;
  const classLength = parseWholeNumber(values.classLength);
  if (classLength === null || classLength < 1 || classLength > 1440) errors.classLength = RESCHEDULE_MESSAGES.classLength;
  if (Object.keys(errors).length > 0) return { errors };
  return { value: { classDate: values.classDate.trim(), time: values.time, classLength: classLength as number } };
}

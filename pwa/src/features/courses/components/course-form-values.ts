import { validateCourseForm, type CourseDetail, type CourseUpsertRequest } from '@rollbook/shared-types/courses';
import { typedWholeNumber } from '@rollbook/shared-types/dates';
import { COURSE_STATUS_NAMES, CourseStatus } from '@rollbook/shared-types/statuses';
import type { FieldErrors } from '../../../components/form-fields/field-errors';

/** The course details form as typed: numbers stay text until checked. */
export interface CourseFormValues {
  title: string;
  description: string;
  typeId: number;
  subjectId: number;
  courseLevelId: number;
  companyId: number;
  addressId: number;
  definedAddress: string;
  private: boolean;
  sponsored: boolean;
  virtual: boolean;
  startDateString: string;
  endDateString: string;
  duration: string;
  classLengthTemplate: string;
  price: string;
  maxNumberStudents: string;
  minNumberStudents: string;
}

export const EMPTY_COURSE_FORM: CourseFormValues = {
  title: '', description: '', typeId: 0, subjectId: 0, courseLevelId: 0, companyId: 0, addressId: 0, definedAddress: '',
  private: false, sponsored: false, virtual: false, startDateString: '', endDateString: '',
  duration: '', classLengthTemplate: '', price: '', maxNumberStudents: '', minNumberStudents: '',
};

const text = (n: number | null) => (n === null ? '' : String(n));

export function formFromCourse(course: CourseDetail): CourseFormValues {
  return {
    title: course.title, description: course.description, typeId: course.typeId, subjectId: course.subjectId,
    courseLevelId: course.courseLevelId, companyId: course.companyId ?? 0, addressId: course.addressId ?? 0,
    definedAddress: course.definedAddress ?? '', private: course.private, sponsored: course.sponsored, virtual: course.virtual,
    startDateString: course.startDateString, endDateString: course.endDateString,
    duration: text(course.duration), classLengthTemplate: text(course.classLengthTemplate), price: text(course.price),
    maxNumberStudents: text(course.maxNumberStudents), minNumberStudents: text(course.minNumberStudents),
  };
}

/** Price and student counts take digits only (spec §5: numeric input only, parsed as an integer). */
export const digitsOnly = (typed: string): string => typed.replace(/\D+/g, '');

export function courseRequest(values: CourseFormValues, courseId: number | null): CourseUpsertRequest {
  return {
    courseId: courseId ?? 0,
    ...values,
    companyId: values.private && !values.companyId ? null : values.companyId,
    addressId: values.addressId || null,
    duration: typedWholeNumber(values.duration),
    classLengthTemplate: typedWholeNumber(values.classLengthTemplate),
    price: typedWholeNumber(values.price),
    maxNumberStudents: typedWholeNumber(values.maxNumberStudents),
    minNumberStudents: typedWholeNumber(values.minNumberStudents),
  };
}

/** The form checked by the contract's own rules: every message at once, or the request to send. */
export function checkCourseForm(values: CourseFormValues, courseId: number | null): { request: CourseUpsertRequest; fieldErrors?: undefined } | { request?: undefined; fieldErrors: FieldErrors } {
  const request = courseRequest(values, courseId);
  const result = validateCourseForm(request);
  return result.fieldErrors ? { fieldErrors: result.fieldErrors } : { request };
}

export const sameValues = (a: CourseFormValues, b: CourseFormValues): boolean =>
  (Object.keys(a) as (keyof CourseFormValues)[]).every((key) => a[key] === b[key]);

/** Draft is offered only while no class is marked (spec §2.3); the current status always. */
export function statusOptions(current: number, markedCount: number): { value: number; label: string }[] {
  return Object.entries(COURSE_STATUS_NAMES)
    .map(([id, label]) => ({ value: Number(id), label }))
    .filter((o) => o.value !== CourseStatus.Draft || markedCount === 0 || current === CourseStatus.Draft);
}

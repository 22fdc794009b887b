import type { SyncCourse, SyncStudent } from '@rollbook/shared-types/sync';
import { allCourses, allStudents, registerOf, studentsOfCourse, type CourseStudentView, type RegisterLineView } from '../people-views';
import { useOfflineQuery } from './use-offline-query';

// Registers, courses and students, read from the phone (undefined while loading).

/** The class's register: each student's mark and whether it is still waiting to be sent. */
export function useRegister(classId: number): RegisterLineView[] | undefined {
  return useOfflineQuery((db) => registerOf(db, classId), [classId]);
}

/** The user's courses, by title. */
export function useCourses(): SyncCourse[] | undefined {
  return useOfflineQuery(allCourses, []);
}

/** The course's students (Student, Company), with their enrolment status. */
export function useCourseStudents(courseId: number): CourseStudentView[] | undefined {
  return useOfflineQuery((db) => studentsOfCourse(db, courseId), [courseId]);
}

/** The teacher's students, by surname. */
export function useStudents(): SyncStudent[] | undefined {
  return useOfflineQuery(allStudents, []);
}

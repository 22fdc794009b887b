import { classById, classesInRange, courseClasses, type ClassView } from '../class-views';
import { useOfflineQuery } from './use-offline-query';

// Classes for the teacher's and student's screens, read from the phone (undefined while loading).

/** Classes starting in [fromIso, toIso) (ISO instants), by start time, each with its pending flag. */
export function useClassesInRange(fromIso: string, toIso: string): ClassView[] | undefined {
  return useOfflineQuery((db) => classesInRange(db, fromIso, toIso), [fromIso, toIso]);
}

/** One class; null when it is not on this device. */
export function useClass(classId: number): ClassView | null | undefined {
  return useOfflineQuery((db) => classById(db, classId), [classId]);
}

/** The cached classes of a course (within the synced window), by start time. */
export function useCourseClasses(courseId: number): ClassView[] | undefined {
  return useOfflineQuery((db) => courseClasses(db, courseId), [courseId]);
}

import { ClassListResponseSchema, type ClassItem } from '@rollbook/shared-types/classes';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { apiRequest } from '../../lib/api-client';
import { isSessionActive, session } from '../../lib/session';
import { classById, classesInRange, courseClasses, type ClassView } from '../class-views';
import { mergeCourseClasses } from './merge-course-classes';
import { useOfflineQuery } from './use-offline-query';
import { useOnline } from './use-sync-state';

// Classes for the teacher's and student's screens, read from the phone (undefined while loading).

/** Classes starting in [fromIso, toIso) (ISO instants), by start time, each with its pending flag. */
export function useClassesInRange(fromIso: string, toIso: string): ClassView[] | undefined {
  return useOfflineQuery((db) => classesInRange(db, fromIso, toIso), [fromIso, toIso]);
}

/** One class; null when it is not on this device. */
export function useClass(classId: number): ClassView | null | undefined {
  return useOfflineQuery((db) => classById(db, classId), [classId]);
}

/** Shown with a course's class list when it holds only the phone's rows (offline, token expired, or the call failed). */
export const ONLY_CACHED_CLASSES_NOTE = 'Only the classes saved on this phone are shown.';

export interface CourseClassList {
  /** By start time; undefined while the phone's rows load. */
  classes: ClassView[] | undefined;
  /**
   * 'server': the course's full list (online). 'loading': asking the server, the phone's rows show
   * meanwhile. 'phone': only the classes this phone holds (offline, signed out or the call failed).
   */
  source: 'server' | 'loading' | 'phone';
}

type ServerList = { courseId: number; token: string; classes: ClassItem[] | null };

/**
 * All classes of a course: the server's full list when online (the phone only holds its synced
 * window), with the phone's rows and unsent changes on top; offline, the phone's rows alone.
 */
export function useCourseClassList(courseId: number): CourseClassList {
  const local = useOfflineQuery((db) => courseClasses(db, courseId), [courseId]);
  const online = useOnline();
  const user = useSyncExternalStore(session.subscribe, session.get);
  // Only with a live token: an expired teacher works from the phone alone until they sign in again.
  const token = online && courseId > 0 && isSessionActive(user) ? user.token : null;
  const [fetched, setFetched] = useState<ServerList | null>(null);

  useEffect(() => {
    if (token === null) return;
    const controller = new AbortController();
    // No period: every class of the course the server lets this user see (a teacher's own, a student's own).
    apiRequest('/api/classes/GetByFilter', ClassListResponseSchema, { query: { courseId }, signal: controller.signal })
      .then((answer) => setFetched({ courseId, token, classes: answer.classes }))
      .catch(() => {
        // Offline after all, or refused: the phone's rows stand (and the list says so).
        if (!controller.signal.aborted) setFetched({ courseId, token, classes: null });
      });
    return () => controller.abort();
  }, [courseId, token]);

  const current = token !== null && fetched?.courseId === courseId && fetched.token === token ? fetched : null;
  if (token !== null && current === null) return { classes: local, source: 'loading' };
  if (current?.classes) return { classes: mergeCourseClasses(local ?? [], current.classes), source: 'server' };
  return { classes: local, source: 'phone' };
}

/** All classes of a course (see useCourseClassList), by start time. */
export function useCourseClasses(courseId: number): ClassView[] | undefined {
  return useCourseClassList(courseId).classes;
}

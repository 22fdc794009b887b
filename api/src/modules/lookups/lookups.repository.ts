import type { Avatar, CourseLevel, CourseTypeItem, DayWeek, Nationality, Schedule, Subject } from '@rollbook/shared-types/lookups';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';

export const listSubjects = (db: Kysely<DB>): Promise<Subject[]> =>
  db.selectFrom('subjects').select(['subjectId', 'name', 'color']).orderBy('name').execute();

export const listLevels = (db: Kysely<DB>): Promise<CourseLevel[]> =>
  db.selectFrom('courseLevels').select(['courseLevelId', 'name']).orderBy('sortOrder').orderBy('name').execute();

export const listCourseTypes = (db: Kysely<DB>): Promise<CourseTypeItem[]> =>
  db.selectFrom('courseTypes').select(['courseTypeId', 'name']).orderBy('courseTypeId').execute();

export const listSchedules = (db: Kysely<DB>): Promise<Schedule[]> =>
  db.selectFrom('schedules').select(['scheduleId', 'name', 'intervalDays', 'weekdaysOnly']).orderBy('sortOrder').orderBy('scheduleId').execute();

export const listDayWeeks = (db: Kysely<DB>): Promise<DayWeek[]> =>
  db.selectFrom('dayWeeks').select(['dayWeekId', 'name']).orderBy('dayWeekId').execute();

export const listNationalities = (db: Kysely<DB>): Promise<Nationality[]> =>
  db.selectFrom('nationalities').select(['nationalityId', 'name']).orderBy('name').execute();

export const listAvatars = (db: Kysely<DB>): Promise<Avatar[]> =>
  db.selectFrom('avatars').select(['avatarId', 'imageName', 'gender']).orderBy('avatarId').execute();

import { ErrorBodySchema } from '@rollbook/shared-types/common';
import {
  AvatarListSchema, CourseLevelListSchema, CourseTypeListSchema, DayWeekListSchema, NationalityListSchema, ScheduleListSchema, SubjectListSchema,
} from '@rollbook/shared-types/lookups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/create-db.js';
import { ALL_ROLES } from '../../plugins/auth.js';
import { listAvatars, listCourseTypes, listDayWeeks, listLevels, listNationalities, listSchedules, listSubjects } from './lookups.repository.js';

// Reference lists every signed-in user's forms and cards may need; nothing in them is private.
const LOOKUPS: { url: string; summary: string; schema: z.ZodType; load: (db: Db) => Promise<unknown> }[] = [
  { url: '/api/courses/GetAllLevels', summary: 'Course levels', schema: CourseLevelListSchema, load: listLevels },
  { url: '/api/subjects/GetAll', summary: 'Subjects with their colours', schema: SubjectListSchema, load: listSubjects },
  { url: '/api/courseTypes/getall', summary: 'Course types (Group 1, Individual 2)', schema: CourseTypeListSchema, load: listCourseTypes },
  { url: '/api/staticdata/getallschedules', summary: 'How class series repeat', schema: ScheduleListSchema, load: listSchedules },
  { url: '/api/staticdata/getalldayweeks', summary: 'Weekdays, Monday first', schema: DayWeekListSchema, load: listDayWeeks },
  { url: '/api/StaticData/GetAllNationalities', summary: 'Nationalities', schema: NationalityListSchema, load: listNationalities },
  { url: '/api/avatar/getall', summary: 'Avatars ({size} placeholder in imageName)', schema: AvatarListSchema, load: listAvatars },
];

export const lookupsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const lookup of LOOKUPS) {
    app.get(lookup.url, {
      config: { roles: ALL_ROLES },
      schema: { tags: ['lookups'], summary: lookup.summary, response: { 200: lookup.schema, 401: ErrorBodySchema, 403: ErrorBodySchema } },
      handler: async () => lookup.load(app.db),
    });
  }
};

// A client written the way another team would write one: types generated from api/openapi.json by
// openapi-typescript (into ./generated, git-ignored), calls made with openapi-fetch. `pnpm
// api:contract` generates the types and type-checks this file, so a contract change that would
// break these calls fails CI. It names operations by operationId, so renaming one fails here too.
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './generated/rollbook-api.js';

type JsonOk<Id extends keyof operations> = operations[Id]['responses'] extends { 200: { content: { 'application/json': infer Body } } } ? Body : never;

export type SignedIn = JsonOk<'usersAuthenticate'>;
export type TeacherCourse = JsonOk<'coursesGetCoursesByTeacherId'>[number];
export type MarkOutcome = JsonOk<'classesUpdateClassAttendenceMultiple'>['outcomes'][number]['outcome'];
export type ErrorBody = components['schemas']['ErrorBody'];

export class RollbookApiError extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message);
  }
}

export function createRollbookClient(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  const signedIn = (token: string) => ({ authorization: `Bearer ${token}` });

  return {
    async signIn(username: string, password: string): Promise<SignedIn> {
      const { data, error } = await client.POST('/api/users/authenticate', { body: { username, password } });
      if (error) throw new RollbookApiError(error);
      return data;
    },

    async coursesOfTeacher(token: string, teacherId: number): Promise<TeacherCourse[]> {
      const { data, error } = await client.GET('/api/courses/GetCoursesByTeacherId', {
        params: { query: { teacherId, requiresMarking: false } },
        headers: signedIn(token),
      });
      if (error) throw new RollbookApiError(error);
      return data;
    },

    /** Marks students present or absent; answers each mark's outcome in order. */
    async markAttendance(token: string, marks: { classId: number; studentId: number; statusId: number }[]): Promise<MarkOutcome[]> {
      const { data, error } = await client.POST('/api/classes/UpdateClassAttendenceMultiple', { body: marks, headers: signedIn(token) });
      if (error) throw new RollbookApiError(error);
      return data.outcomes.map((mark) => mark.outcome);
    },

    /** Never called: the generated types are the contract's, not `any`, so wrong calls do not compile. */
    wrongCallsDoNotCompile() {
      // @ts-expect-error signing in needs a password
      void client.POST('/api/users/authenticate', { body: { username: 'admin' } });
      // @ts-expect-error there is no such path
      void client.GET('/api/courses/NoSuchPath');
      // @ts-expect-error a course's title is a string
      const title: number = ({} as TeacherCourse).title;
      return title;
    },
  };
}

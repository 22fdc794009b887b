import type { Notice } from '@rollbook/shared-types/notices';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, type DbHandle } from '../../src/db/create-db.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { multipartBody } from '../files/multipart.js';
import { createTeacher, createUser, tokenFor } from '../helpers/factories.js';
import { buildTestApp } from '../helpers/test-app.js';

// The embedded PGlite default (one machine) keeps working with the cluster's parts: LISTEN/NOTIFY
// works within its one process, and its advisory locks (one session, always granted) give way to a
// queue in the process (cluster-lock). Two apps on one embedded database behave as two servers.

let pglite: DbHandle;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  pglite = await createPgliteDb(undefined);
  await migrateToLatest(pglite.db);
  a = await buildTestApp(pglite.db);
  b = await buildTestApp(pglite.db);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await pglite?.close();
});

describe('on the embedded database', () => {
  it('hands a notice published by one app to the streams of the other', async () => {
    const heard: Notice[] = [];
    const stop = b.noticeHub.subscribe({ isAdmin: true, teacherId: null, send: (notice) => heard.push(notice) });
    const notice: Notice = { type: 'settlement-raised', paymentHeaderId: 5, teacherIds: [1] };
    a.noticeHub.publish(notice);
    await expect.poll(() => heard, { timeout: 1_000 }).toEqual([notice]);
    stop();
  });

  it('tells the other app when a user is deactivated', async () => {
    const user = await createUser(pglite.db);
    const token = tokenFor(b, user.userId, 'CompanyAdmin', null);
    const onB = async () => (await b.inject({ url: '/api/students/getall', headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect(await onB()).toBe(200);
    await pglite.db.updateTable('users').set({ active: false }).where('userId', '=', user.userId).execute();
    await expect.poll(onB, { timeout: 1_000, interval: 20 }).toBe(401);
  });

  it('keeps uploaded documents in the database, where either app reads them', async () => {
    const admin = await createUser(pglite.db);
    const headers = { authorization: `Bearer ${tokenFor(a, admin.userId, 'CompanyAdmin', null)}` };
    const teacher = await createTeacher(pglite.db);
    const body = multipartBody({ entityTypeId: 2, entityId: teacher.teacherId, title: 'Rota', fileType: 'Other', fileAccessSubject: 'Owner' },
      [{ filename: 'rota.txt', content: 'Mondays and Thursdays', contentType: 'text/plain' }]);
    const uploaded = await a.inject({ method: 'POST', url: '/api/files/Upload', payload: body.payload, headers: { ...headers, ...body.headers } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await pglite.db.selectFrom('fileBlobs').select('part').execute()).toEqual([{ part: 0 }]);
    const downloaded = await b.inject({ url: `/api/files/Download?id=${uploaded.json().fileId}`, headers });
    expect(downloaded.body).toBe('Mondays and Thursdays');
  });
});

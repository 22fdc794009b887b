import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonInstant } from '../../src/lib/london-time.js';
import { queueClassChangeEmails } from '../../src/modules/class-emails/class-change-emails.js';
import { MAX_MAIL_ATTEMPTS } from '../../src/modules/mail-outbox/send-due-mail.js';
import { createClasses, createCourse, createRoom, createTeacherWithRate, enrol } from '../helpers/scheduling-factories.js';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.js';
import { mutation, newAdmin, push, signIn, type Person } from '../helpers/sync-factories.js';
import { buildTestApp, useTestAppWithInbox } from '../helpers/test-app.js';

// Class-change e-mails end to end: a change made online or pushed from a phone, the outbox row
// written with it, and the message as a real SMTP server receives it.

const ctx = useTestAppWithInbox();
let admin: Person;

beforeAll(async () => {
  admin = await newAdmin(ctx.app, ctx.db);
});

let n = 0;
const as = (who: Person) => ({ authorization: `Bearer ${who.token}` });

async function newStudentWithEmail(firstName: string) {
  const email = `${firstName.toLowerCase()}.${++n}.${randomUUID().slice(0, 6)}@example.test`;
  const { studentId } = await ctx.db.insertInto('students').values({ firstName, lastName: `Pupil${n}`, email })
    .returning('studentId').executeTakeFirstOrThrow();
  return { studentId, email };
}

/**
 * A course with classes Mondays 09:00-10:00 from 4 March 2030 (London) in one series, in a room,
 * taught by a fresh teacher (so no test's classes clash with another's), with students on them.
 */
async function classesWithStudents(o: { classes?: number; students?: number; teacher?: { teacherId: number; teacherRateId: number } } = {}) {
  const teacher = o.teacher ?? (await createTeacherWithRate(ctx.db));
  const { courseId, companyId } = await createCourse(ctx.db);
  const roomName = `Room ${++n}`;
  const roomId = await createRoom(ctx.db, companyId as number, roomName);
  const otherRoomName = `Room ${++n}`;
  const otherRoomId = await createRoom(ctx.db, companyId as number, otherRoomName);
  const count = o.classes ?? 1;
  const starts = Array.from({ length: count }, (_, i) => londonInstant(`2030-03-${String(4 + 7 * i).padStart(2, '0')}`, '09:00'));
  const { classIds } = await createClasses(ctx.db, { courseId, ...teacher, roomId, starts });
  const students = [];
  for (let i = 0; i < (o.students ?? 2); i++) {
    const student = await newStudentWithEmail(['Ana', 'Ben', 'Cleo'][i] ?? 'Dan');
    await enrol(ctx.db, courseId, student.studentId, { classIds });
    students.push(student);
  }
  const course = await ctx.db.selectFrom('courses').innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .innerJoin('courseLevels', 'courseLevels.courseLevelId', 'courses.courseLevelId')
    .select(['subjects.name as subject', 'courseLevels.name as level']).where('courseId', '=', courseId).executeTakeFirstOrThrow();
  return { ...teacher, courseId, classIds, students, roomId, roomName, otherRoomId, otherRoomName, courseName: `${course.subject} ${course.level}` };
}

const mailsTo = (email: string) => ctx.inbox.messages.filter((m) => m.to.includes(email.toLowerCase()));
const outboxCount = async () => Number((await ctx.db.selectFrom('mailOutbox').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('class-change e-mails', () => {
  it('a class moved online e-mails each student on it once, with the old and new date, time and room', async () => {
    const c = await classesWithStudents();
    const outsider = await newStudentWithEmail('Olga');
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/classes/updateclass', headers: as(admin),
      payload: { classId: c.classIds[0], classDateString: '5/3/2030', time: '14:30', roomId: c.otherRoomId },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(await ctx.app.mailOutbox.sendDue()).toEqual({ sent: 2, retrying: 0, gaveUp: 0 });
    for (const student of c.students) {
      const mail = await ctx.inbox.nextMessage(student.email);
      expect(mail.subject).toBe(`Class moved: ${c.courseName} on 04/03/2030`);
      expect(mail.text).toContain(`Your ${c.courseName} class has moved.`);
      expect(mail.text).toContain(`Was: Monday 04/03/2030, 09:00-10:00, ${c.roomName}`);
      expect(mail.text).toContain(`Now: Tuesday 05/03/2030, 14:30-15:30, ${c.otherRoomName}`);
      expect(mailsTo(student.email)).toHaveLength(1);
    }
    expect(mailsTo(outsider.email)).toHaveLength(0);
    // Sent rows are marked: looking again sends nothing.
    expect(await ctx.app.mailOutbox.sendDue()).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
  });

  it('a teacher rescheduling their own class e-mails its students', async () => {
    const c = await classesWithStudents({ students: 1 });
    const teacher = await signIn(ctx.app, ctx.db, 'Teacher', c.teacherId);
    const res = await ctx.app.inject({ url: `/api/classes/UpdateClassDate?classId=${c.classIds[0]}&classDate=${encodeURIComponent('8/3/2030 10:00')}&classLength=90`, headers: as(teacher) });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.mailOutbox.sendDue();
    const mail = await ctx.inbox.nextMessage(c.students[0]!.email);
    expect(mail.text).toContain(`Now: Friday 08/03/2030, 10:00-11:30, ${c.roomName}`);
  });

  it('a series change e-mails each student once, listing every class that moved', async () => {
    const c = await classesWithStudents({ classes: 3 });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/classes/applyToSeries', headers: as(admin), payload: { classId: c.classIds[0], time: '11:00' } });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.mailOutbox.sendDue();
    for (const student of c.students) {
      const mail = await ctx.inbox.nextMessage(student.email);
      expect(mail.subject).toBe('3 of your classes have changed');
      expect(mail.text).toContain(`Now: Monday 04/03/2030, 11:00-12:00, ${c.roomName}`);
      expect(mail.text).toContain(`Now: Monday 18/03/2030, 11:00-12:00, ${c.roomName}`);
      expect(mail.text.match(/Was: /g)).toHaveLength(3);
      expect(mailsTo(student.email)).toHaveLength(1);
    }
  });

  it('a class deleted online tells its students it is cancelled', async () => {
    const c = await classesWithStudents({ students: 1 });
    const res = await ctx.app.inject({ url: `/api/classes/deletebyid?id=${c.classIds[0]}`, headers: as(admin) });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.mailOutbox.sendDue();
    const mail = await ctx.inbox.nextMessage(c.students[0]!.email);
    expect(mail.subject).toBe(`Class cancelled: ${c.courseName} on 04/03/2030`);
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(`Your ${c.courseName} class is cancelled:\n  Monday 04/03/2030, 09:00-10:00, ${c.roomName}`);
  });

  it('a new teacher alone, or a change refused for a clash, writes no e-mail', async () => {
    const c = await classesWithStudents({ students: 1 });
    const other = await createTeacherWithRate(ctx.db);
    const before = await outboxCount();
    const teacherOnly = await ctx.app.inject({ method: 'POST', url: '/api/classes/updateclass', headers: as(admin), payload: { classId: c.classIds[0], ...other } });
    expect(teacherOnly.statusCode, teacherOnly.body).toBe(200);
    // The new teacher also teaches 09:00 on 11/03: moving the class onto it clashes and changes nothing.
    await classesWithStudents({ classes: 2, students: 0, teacher: other });
    const clash = await ctx.app.inject({
      method: 'POST', url: '/api/classes/updateclass', headers: as(admin),
      payload: { classId: c.classIds[0], classDateString: '11/3/2030', time: '09:00' },
    });
    expect(clash.statusCode).toBe(409);
    expect(await outboxCount()).toBe(before);
  });

  it('a student who opted out gets nothing while the others are told', async () => {
    const c = await classesWithStudents();
    const [optedOut, told] = c.students as [typeof c.students[0], typeof c.students[0]];
    const optedOutLogin = await signIn(ctx.app, ctx.db, 'Student', optedOut.studentId);
    const off = await ctx.app.inject({ method: 'POST', url: '/api/users/UpdateClassChangeEmails', headers: as(optedOutLogin), payload: { classChangeEmails: false } });
    expect(off.statusCode, off.body).toBe(200);
    const res = await ctx.app.inject({ url: `/api/classes/UpdateClassDateToLast?classId=${c.classIds[0]}`, headers: as(admin) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.app.mailOutbox.sendDue()).sent).toBe(1);
    await ctx.inbox.nextMessage(told.email);
    expect(mailsTo(optedOut.email)).toHaveLength(0);
  });

  it('a reschedule queued on a phone is e-mailed once; the replayed push sends nothing new', async () => {
    const c = await classesWithStudents();
    const teacher = await signIn(ctx.app, ctx.db, 'Teacher', c.teacherId);
    const clientId = randomUUID();
    const change = mutation(1, 'rescheduleClass', { classId: c.classIds[0], classDate: '6/3/2030 16:00', classLength: 60 }, 1);
    const first = await push(ctx.app, teacher, clientId, [change]);
    expect(first.body.results[0]?.status).toBe('applied');
    expect((await ctx.app.mailOutbox.sendDue()).sent).toBe(2);
    const mail = await ctx.inbox.nextMessage(c.students[0]!.email);
    expect(mail.text).toContain(`Now: Wednesday 06/03/2030, 16:00-17:00, ${c.roomName}`);

    const queued = await outboxCount();
    const replay = await push(ctx.app, teacher, clientId, [change]);
    expect(replay.body.results[0]?.status).toBe('duplicate');
    expect(await outboxCount()).toBe(queued);
    expect((await ctx.app.mailOutbox.sendDue()).sent).toBe(0);
    for (const student of c.students) expect(mailsTo(student.email)).toHaveLength(1);
  });

  it('the bulk entry tells each student of every change of their classes in one e-mail, cancellations included', async () => {
    const c = await classesWithStudents({ classes: 2, students: 1 });
    const [moved, cancelled] = c.classIds as [number, number];
    const place = await ctx.db.selectFrom('classes').select(['classId', 'startsAt', 'endsAt', 'roomId']).where('classId', 'in', c.classIds).orderBy('startsAt').execute();
    const queued = await ctx.db.transaction().execute((trx) => queueClassChangeEmails(trx, [
      { classId: moved, before: place[0]!, after: { ...place[0]!, roomId: c.otherRoomId } },
      { classId: cancelled, before: place[1]!, after: null },
    ]));
    expect(queued).toBe(1);
    await ctx.app.mailOutbox.sendDue();
    const mail = await ctx.inbox.nextMessage(c.students[0]!.email);
    expect(mail.subject).toBe('2 of your classes have changed');
    expect(mail.text).toContain(`Now: Monday 04/03/2030, 09:00-10:00, ${c.otherRoomName}`);
    expect(mail.text.replace(/\r\n/g, '\n')).toContain(`Your ${c.courseName} class is cancelled:\n  Monday 11/03/2030, 09:00-10:00, ${c.roomName}`);
  });
});

describe('class-change e-mails while the mail server is down', () => {
  // Two servers of one cluster sending through one mail server.
  let downApp: FastifyInstance;
  let twinApp: FastifyInstance;
  let downInbox: SmtpInbox;

  beforeAll(async () => {
    downInbox = await startSmtpInbox();
    downApp = await buildTestApp(ctx.db, { smtpUrl: downInbox.url });
    twinApp = await buildTestApp(ctx.db, { smtpUrl: downInbox.url });
  });
  afterAll(async () => {
    await downApp?.close();
    await twinApp?.close();
    await downInbox?.close();
  });

  it('keeps the e-mails, waits before trying again, and sends each once when the server is back', async () => {
    // The first app's queued e-mails are all sent, so only this test's are due.
    await ctx.app.mailOutbox.sendDue();
    const port = Number(new URL(downInbox.url).port);
    await downInbox.close();
    const c = await classesWithStudents();
    const res = await downApp.inject({ url: `/api/classes/UpdateClassDate?classId=${c.classIds[0]}&classDate=${encodeURIComponent('7/3/2030 09:00')}`, headers: as(admin) });
    expect(res.statusCode, res.body).toBe(200);

    expect(await downApp.mailOutbox.sendDue()).toEqual({ sent: 0, retrying: 2, gaveUp: 0 });
    const waiting = await ctx.db.selectFrom('mailOutbox').select(['attempts', 'lastError', 'sentAt', 'failedAt'])
      .select((eb) => eb('nextAttemptAt', '>', eb.fn<Date>('now', [])).as('later'))
      .where('studentId', 'in', c.students.map((s) => s.studentId)).execute();
    expect(waiting).toEqual([0, 1].map(() => expect.objectContaining({ attempts: 1, sentAt: null, failedAt: null, later: true })));
    expect(waiting[0]?.lastError).toBeTruthy();

    // A long outage (a weekend, an expired SMTP password) gives nothing up: more failed rounds than
    // a message's ten tries, and the e-mails still wait for the server.
    for (let round = 0; round < MAX_MAIL_ATTEMPTS + 1; round++) {
      await ctx.db.updateTable('mailOutbox').set({ nextAttemptAt: new Date(Date.now() - 1000) }).where('studentId', 'in', c.students.map((s) => s.studentId)).execute();
      expect(await downApp.mailOutbox.sendDue()).toEqual({ sent: 0, retrying: 2, gaveUp: 0 });
    }
    const stillWaiting = await ctx.db.selectFrom('mailOutbox').select(['attempts', 'failedAt']).where('studentId', 'in', c.students.map((s) => s.studentId)).execute();
    expect(stillWaiting).toEqual([0, 1].map(() => ({ attempts: MAX_MAIL_ATTEMPTS + 2, failedAt: null })));

    downInbox = await startSmtpInbox({ port });
    // Not due yet: the retry waits its backoff.
    expect((await downApp.mailOutbox.sendDue()).sent).toBe(0);
    // Time passes: the retry is due.
    await ctx.db.updateTable('mailOutbox').set({ nextAttemptAt: new Date(Date.now() - 1000) }).where('sentAt', 'is', null).execute();
    const [a, b] = await Promise.all([downApp.mailOutbox.sendDue(), twinApp.mailOutbox.sendDue()]);
    expect(a.sent + b.sent).toBe(2);
    expect(await downApp.mailOutbox.sendDue()).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    for (const student of c.students) {
      const mail = await downInbox.nextMessage(student.email);
      expect(mail.text).toContain('Now: Thursday 07/03/2030, 09:00-10:00');
      expect(downInbox.messages.filter((m) => m.to.includes(student.email.toLowerCase()))).toHaveLength(1);
    }
  });
});

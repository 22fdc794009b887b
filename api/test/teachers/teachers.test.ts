import { beforeAll, describe, expect, it } from 'vitest';
import {
  countRows,
  createAvatar,
  createClassFor,
  createSubject,
  createTeacherRecord,
  loginFor,
} from '../helpers/people-factories.js';
import { useTestApp } from '../helpers/test-app.js';

const ctx = useTestApp();
let admin: { authorization: string };

beforeAll(async () => {
  admin = (await loginFor(ctx.app, ctx.db, 'CompanyAdmin', null)).headers;
});

const validTeacher = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Hannah',
  lastName: 'Wright',
  email: `hannah.${Math.random().toString(36).slice(2, 8)}@example.test`,
  rates: [{ description: 'Standard rate', rate: 25.5 }],
  ...overrides,
});

const upsert = (payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/teachers/upsert', payload: payload as object, headers: admin });
const teacherTables = ['teachers', 'teacherRates', 'teacherSubjects'] as const;
const counts = async () => Promise.all(teacherTables.map((t) => countRows(ctx.db, t)));

describe('POST /api/teachers/upsert', () => {
  it('creates a teacher with subjects, an avatar and a rate stored in pence', async () => {
    const english = await createSubject(ctx.db, 'English', '#E53935');
    const french = await createSubject(ctx.db, 'French', '#1E88E5');
    const avatar = await createAvatar(ctx.db);
    const res = await upsert(validTeacher({
      subjectIds: [french.subjectId, english.subjectId], avatarId: avatar.avatarId, town: 'Leeds', city: 'Leeds', dateOfBirthString: '01/12/1980',
    }));
    expect(res.statusCode).toBe(200);
    const teacher = res.json();
    expect(teacher).toMatchObject({
      firstName: 'Hannah', active: true, hasLogin: false, avatarId: avatar.avatarId, avatarImage: avatar.imageName, town: 'Leeds',
      dateOfBirthString: '01/12/1980', subjectsString: 'English|#E53935,French|#1E88E5',
      subjects: [{ subjectId: english.subjectId, name: 'English', color: '#E53935' }, { subjectId: french.subjectId, name: 'French', color: '#1E88E5' }],
      rates: [{ description: 'Standard rate', rate: 25.5, ratePence: 2550, timeUnitId: 1, inUse: false, active: true }],
    });
    const row = await ctx.db.selectFrom('teacherRates').select('ratePence').where('teacherId', '=', teacher.teacherId).executeTakeFirstOrThrow();
    expect(row.ratePence).toBe(2550);
  });

  it('updates rates in place, adds new ones and deletes unused ones left out', async () => {
    const created = (await upsert(validTeacher({ rates: [{ description: 'A', rate: 20 }, { description: 'B', rate: 21 }] }))).json();
    const [a] = created.rates;
    const res = await upsert({
      ...validTeacher({ email: created.email }),
      teacherId: created.teacherId,
      rates: [{ teacherRateId: a.teacherRateId, description: 'A renamed', rate: 22.75, active: false }, { description: 'C', rate: 0 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().rates.map((r: { description: string; ratePence: number; active: boolean }) => [r.description, r.ratePence, r.active])).toEqual([
      ['A renamed', 2275, false],
      ['C', 0, true],
    ]);
    expect(res.json().rates[0].teacherRateId).toBe(a.teacherRateId);
  });

  it("refuses to drop a rate in use with 'Rate has been used and can't be deleted', changing nothing", async () => {
    const teacher = await createTeacherRecord(ctx.db);
    await createClassFor(ctx.db, teacher, []);
    const before = await counts();
    const res = await upsert({ ...validTeacher(), teacherId: teacher.teacherId, firstName: 'Changed', rates: [{ description: 'Replacement', rate: 30 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Rate has been used and can't be deleted");
    expect(await counts()).toEqual(before);
    const row = await ctx.db.selectFrom('teachers').select('firstName').where('teacherId', '=', teacher.teacherId).executeTakeFirstOrThrow();
    expect(row.firstName).toBe('Tess');
  });

  it.each([
    ['no rates', { rates: [] }, 'rates', 'Please add at least one rate'],
    ['a missing rates list', { rates: undefined }, 'rates', 'Please add at least one rate'],
    ['a missing first name', { firstName: undefined }, 'firstName', 'Please enter a first name'],
    ['a blank last name', { lastName: ' ' }, 'lastName', 'Please enter a last name'],
    ['a missing email', { email: undefined }, 'email', 'Please enter an email'],
    ['a malformed email', { email: 'hannah@' }, 'email', 'Please enter a valid email'],
    ['a rate without a name', { rates: [{ description: '', rate: 20 }] }, 'rates.0.description', 'Please enter a rate name'],
    ['a negative rate', { rates: [{ description: 'X', rate: -1 }] }, 'rates.0.rate', 'Please enter a rate of 0 or more'],
    ['a rate that is not a number', { rates: [{ description: 'X', rate: 'twenty' }] }, 'rates.0.rate', 'Please enter a rate of 0 or more'],
    ['a rate with three decimals', { rates: [{ description: 'X', rate: 20.005 }] }, 'rates.0.rate', 'A rate can have at most 2 decimal places'],
    ['an impossible date of birth', { dateOfBirthString: '30/02/1980' }, 'dateOfBirthString', 'Please enter a valid date of birth (dd/mm/yyyy)'],
  ])('refuses %s with 400, the field error and nothing written', async (_case, overrides, field, message) => {
    const before = await counts();
    const res = await upsert(validTeacher(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual([message]);
    expect(await counts()).toEqual(before);
  });

  it('leaves town, city, county, post code and mobile optional (the spec does not require them)', async () => {
    const res = await upsert(validTeacher({ town: '', city: null, county: undefined, postCode: '', mobile: '' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ town: null, city: null, county: null, postCode: null, mobile: null });
  });

  it('refuses unknown subjects, avatars and rates of another teacher', async () => {
    const other = await createTeacherRecord(ctx.db);
    const created = (await upsert(validTeacher())).json();
    const before = await counts();
    for (const [payload, field] of [
      [validTeacher({ subjectIds: [999_999] }), 'subjectIds'],
      [validTeacher({ avatarId: 999_999 }), 'avatarId'],
      [{ ...validTeacher(), teacherId: created.teacherId, rates: [{ teacherRateId: other.teacherRateId, description: 'Stolen', rate: 1 }] }, 'rates.0.teacherRateId'],
    ] as const) {
      const res = await upsert(payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().fieldErrors)).toEqual([field]);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 404 for a teacher that does not exist', async () => {
    const before = await counts();
    expect((await upsert({ ...validTeacher(), teacherId: 999_999 })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/teachers/getall', () => {
  it('lists active teachers by default, all with -1 and inactive with 0, with subjects and 100 a page', async () => {
    const subject = await createSubject(ctx.db, 'Mandarin', '#43A047');
    const active = await createTeacherRecord(ctx.db, { lastName: 'Zz-Active' });
    await ctx.db.insertInto('teacherSubjects').values({ teacherId: active.teacherId, subjectId: subject.subjectId }).execute();
    const inactive = await createTeacherRecord(ctx.db, { lastName: 'Zz-Inactive', active: false });
    const ids = (body: { teachers: { teacherId: number }[] }) => body.teachers.map((t) => t.teacherId);

    const byDefault = (await ctx.app.inject({ url: '/api/teachers/getall?searchText=zz-', headers: admin })).json();
    expect(ids(byDefault)).toEqual([active.teacherId]);
    expect(byDefault.teachers[0]).toMatchObject({ subjectsString: 'Mandarin|#43A047', active: true, hasLogin: false });
    expect(byDefault.pageSize).toBe(100);
    expect(ids((await ctx.app.inject({ url: '/api/teachers/getall?searchText=zz-&status=-1', headers: admin })).json())).toEqual([active.teacherId, inactive.teacherId]);
    expect(ids((await ctx.app.inject({ url: '/api/teachers/getall?searchText=zz-&status=0', headers: admin })).json())).toEqual([inactive.teacherId]);
  });

  it('shows the online-access tick only for an enabled login', async () => {
    const teacher = await createTeacherRecord(ctx.db, { lastName: 'Yy-Login' });
    const login = await loginFor(ctx.app, ctx.db, 'Teacher', teacher.teacherId);
    const tick = async () => (await ctx.app.inject({ url: '/api/teachers/getall?searchText=yy-login', headers: admin })).json().teachers[0].hasLogin;
    expect(await tick()).toBe(true);
    await ctx.db.updateTable('users').set({ active: false }).where('userId', '=', login.userId).execute();
    expect(await tick()).toBe(false);
  });

  it('refuses a status other than -1, 0 or 1', async () => {
    expect((await ctx.app.inject({ url: '/api/teachers/getall?status=5', headers: admin })).statusCode).toBe(400);
  });
});

describe('GET /api/teachers/getteacherbyid', () => {
  it('lets a teacher read their own record, without the office notes, and nobody else’s', async () => {
    const me = await createTeacherRecord(ctx.db);
    await ctx.db.updateTable('teachers').set({ notes: 'Office only' }).where('teacherId', '=', me.teacherId).execute();
    const other = await createTeacherRecord(ctx.db);
    const { headers } = await loginFor(ctx.app, ctx.db, 'Teacher', me.teacherId);
    const mine = await ctx.app.inject({ url: `/api/teachers/getteacherbyid?id=${me.teacherId}`, headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ teacherId: me.teacherId, notes: null, hasLogin: true });
    expect((await ctx.app.inject({ url: `/api/teachers/getteacherbyid?id=${me.teacherId}`, headers: admin })).json().notes).toBe('Office only');
    const notYours = await ctx.app.inject({ url: `/api/teachers/getteacherbyid?id=${other.teacherId}`, headers });
    const missing = await ctx.app.inject({ url: '/api/teachers/getteacherbyid?id=999999', headers });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual(missing.json());
  });
});

describe('rates', () => {
  it('GetTeachersRateByTeacherId answers pounds and pence, and only active ones when asked', async () => {
    const created = (await upsert(validTeacher({ rates: [{ description: 'On', rate: 17.35 }, { description: 'Off', rate: 30, active: false }] }))).json();
    const all = (await ctx.app.inject({ url: `/api/teachers/GetTeachersRateByTeacherId?id=${created.teacherId}`, headers: admin })).json();
    expect(all.map((r: { rate: number; ratePence: number }) => [r.rate, r.ratePence])).toEqual([[17.35, 1735], [30, 3000]]);
    const active = (await ctx.app.inject({ url: `/api/teachers/GetTeachersRateByTeacherId?id=${created.teacherId}&onlyActive=true`, headers: admin })).json();
    expect(active.map((r: { description: string }) => r.description)).toEqual(['On']);
  });

  it('CanRateBeRemoved counts the classes, series and payment lines using a rate', async () => {
    const teacher = await createTeacherRecord(ctx.db);
    expect((await ctx.app.inject({ url: `/api/teachers/CanRateBeRemoved?id=${teacher.teacherRateId}`, headers: admin })).json()).toBe(0);
    await createClassFor(ctx.db, teacher, []);
    // One class series and one class.
    expect((await ctx.app.inject({ url: `/api/teachers/CanRateBeRemoved?id=${teacher.teacherRateId}`, headers: admin })).json()).toBe(2);
    expect((await ctx.app.inject({ url: '/api/teachers/CanRateBeRemoved?id=999999', headers: admin })).statusCode).toBe(404);
  });

  it('DeleteRate removes an unused rate and answers the rest; refuses one in use and the last one', async () => {
    const created = (await upsert(validTeacher({ rates: [{ description: 'Keep', rate: 20 }, { description: 'Drop', rate: 21 }] }))).json();
    const [keep, drop] = created.rates;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/teachers/DeleteRate', payload: { id: drop.teacherRateId }, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { teacherRateId: number }) => r.teacherRateId)).toEqual([keep.teacherRateId]);

    const last = await ctx.app.inject({ method: 'POST', url: '/api/teachers/DeleteRate', payload: { id: keep.teacherRateId }, headers: admin });
    expect(last.statusCode).toBe(400);
    expect(last.json().message).toBe('Please add at least one rate');

    const used = await createTeacherRecord(ctx.db);
    await ctx.db.insertInto('teacherRates').values({ teacherId: used.teacherId, description: 'Second', ratePence: 100 }).execute();
    await createClassFor(ctx.db, used, []);
    const before = await countRows(ctx.db, 'teacherRates');
    const inUse = await ctx.app.inject({ method: 'POST', url: '/api/teachers/DeleteRate', payload: { id: used.teacherRateId }, headers: admin });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json()).toMatchObject({ message: "Rate has been used and can't be deleted", code: 'RATE_IN_USE' });
    expect(await countRows(ctx.db, 'teacherRates')).toBe(before);
  });

  it('DeleteRate refuses a body without a numeric id and deletes nothing', async () => {
    await createTeacherRecord(ctx.db);
    const before = await countRows(ctx.db, 'teacherRates');
    for (const payload of [{}, { id: 'x' }, { id: -1 }, { id: 1.5 }, []]) {
      expect((await ctx.app.inject({ method: 'POST', url: '/api/teachers/DeleteRate', payload, headers: admin })).statusCode).toBe(400);
    }
    expect(await countRows(ctx.db, 'teacherRates')).toBe(before);
  });
});

describe('GET /api/teachers/UpdateTeacherStatus', () => {
  it('sets a teacher inactive and active again with the spec’s statudId flag', async () => {
    const teacher = await createTeacherRecord(ctx.db);
    const off = await ctx.app.inject({ url: `/api/teachers/UpdateTeacherStatus?teacherId=${teacher.teacherId}&statudId=false`, headers: admin });
    expect(off.json()).toEqual({ teacherId: teacher.teacherId, active: false });
    const on = await ctx.app.inject({ url: `/api/teachers/UpdateTeacherStatus?teacherId=${teacher.teacherId}&statudId=True`, headers: admin });
    expect(on.json()).toEqual({ teacherId: teacher.teacherId, active: true });
    expect((await ctx.app.inject({ url: `/api/teachers/UpdateTeacherStatus?teacherId=${teacher.teacherId}&statudId=maybe`, headers: admin })).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/teachers/UpdateTeacherStatus?teacherId=999999&statudId=true', headers: admin })).statusCode).toBe(404);
  });
});

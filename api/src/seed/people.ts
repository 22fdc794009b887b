import { addDays } from './calendar.js';
import type { CompanyInfo } from './companies-and-rooms.js';
import { avatarFor, type Lookups, type SubjectName } from './lookups.js';
import { firstNamesFor, LAST_NAMES, slugName, STUDENT_NATIONALITY_WEIGHTS } from './names.js';
import { TOWNS, landlineNumber, mobileNumber, postCode, streetAddress } from './places.js';
import type { Random } from './prng.js';
import { scaled, type SeedContext } from './seed-plan.js';

export interface RateInfo {
  teacherRateId: number;
  ratePence: number;
  active: boolean;
}

export interface TeacherInfo {
  teacherId: number;
  active: boolean;
  subjectIds: Set<number>;
  rates: RateInfo[];
  /** Filled in when the teacher is given a login. */
  userId: number | null;
}

export interface StudentInfo {
  studentId: number;
  companyId: number | null;
  firstName: string;
  lastName: string;
  /** Epoch day the student joined the school (courses prefer students who had joined by their start). */
  joinedDay: number;
}

// Each block of twelve teachers covers every subject; the first block holds the two demo teachers.
const TEACHER_BLOCK: { subjects: SubjectName[]; active: boolean }[] = [
  { subjects: ['English', 'Business English', 'IELTS Preparation'], active: true },
  { subjects: ['French', 'Spanish'], active: true },
  { subjects: ['English'], active: true },
  { subjects: ['German'], active: true },
  { subjects: ['Italian', 'Spanish'], active: true },
  { subjects: ['Mandarin'], active: true },
  { subjects: ['English', 'IELTS Preparation'], active: true },
  { subjects: ['Business English', 'English'], active: true },
  { subjects: ['Spanish'], active: false },
  { subjects: ['French', 'German'], active: true },
  { subjects: ['English'], active: false },
  { subjects: ['IELTS Preparation', 'English'], active: true },
];

/** Names and rates of the demo sign-ins' own records. */
export const DEMO_TEACHERS = [
  { firstName: 'Hannah', lastName: 'Wright', genderId: 2, email: 'teacher@rollbook.test', rates: [['Standard rate', 2500], ['IELTS one-to-one', 1735]] },
  { firstName: 'Pierre', lastName: 'Moreau', genderId: 1, email: 'teacher2@rollbook.test', rates: [['Standard rate', 2650], ['In-company rate', 2990]] },
] as const;
export const DEMO_STUDENT = { firstName: 'Lucía', lastName: 'García', genderId: 2, email: 'student@rollbook.test' } as const;

const STANDARD_RATES = [2200, 2400, 2500, 2650, 2800, 3000, 2125, 1735, 3150, 2875];

export function planTeachers(ctx: SeedContext, lookups: Lookups): TeacherInfo[] {
  const random = ctx.random.fork('teachers');
  const teachers: TeacherInfo[] = [];
  const emails = new UniqueEmails();
  const count = scaled(ctx, 12, 2);
  for (let i = 0; i < count; i++) {
    const teacherId = i + 1;
    const slot = TEACHER_BLOCK[i % TEACHER_BLOCK.length] as (typeof TEACHER_BLOCK)[number];
    const demo = i < DEMO_TEACHERS.length ? DEMO_TEACHERS[i] : undefined;
    const genderId = demo?.genderId ?? random.weighted([[1, 48], [2, 48], [3, 4]]);
    const firstName = demo?.firstName ?? random.pick(firstNamesFor(genderId));
    const lastName = demo?.lastName ?? random.pick(LAST_NAMES);
    const town = random.pick(TOWNS.slice(0, 6));
    const subjects = new Set<SubjectName>(slot.subjects);
    if (!demo && random.chance(0.25)) subjects.add(random.pick(['English', 'Business English', 'Spanish', 'French'] as const));
    ctx.rows.teachers.push({
      teacherId, firstName, lastName, email: demo?.email ?? emails.take(slugName(firstName, lastName), 'rollbook.test'),
      address1: streetAddress(random), town: town.town, city: town.town, county: town.county, postCode: postCode(random, town.postArea),
      nationalityId: lookups.nationalityId[random.weighted([['British', 6], ['Irish', 1], ['Spanish', 1], ['French', 1], ['Italian', 1], ['Chinese', 1]])] ?? null,
      dateOfBirth: birthDate(random, ctx.today, 26, 62), genderId,
      mobile: mobileNumber(random), landline: random.chance(0.4) ? landlineNumber(random) : null,
      notes: random.chance(0.2) ? 'DBS check renewed this year.' : null,
      active: slot.active, avatarId: avatarFor(lookups, genderId, i),
    });
    for (const subject of subjects) ctx.rows.teacherSubjects.push({ teacherId, subjectId: lookups.subjectId[subject] });
    const rates = demo ? demo.rates.map(([description, pence]) => ({ description, pence, active: true })) : randomRates(random);
    const teacher: TeacherInfo = { teacherId, active: slot.active, subjectIds: new Set([...subjects].map((s) => lookups.subjectId[s])), rates: [], userId: null };
    for (const rate of rates) {
      const teacherRateId = ctx.rows.teacherRates.length + 1;
      ctx.rows.teacherRates.push({ teacherRateId, teacherId, description: rate.description, ratePence: rate.pence, timeUnitId: 1, active: rate.active });
      teacher.rates.push({ teacherRateId, ratePence: rate.pence, active: rate.active });
    }
    teachers.push(teacher);
  }
  return teachers;
}

function randomRates(random: Random): { description: string; pence: number; active: boolean }[] {
  const standard = random.pick(STANDARD_RATES);
  const rates = [{ description: 'Standard rate', pence: standard, active: true }];
  if (random.chance(0.55)) rates.push({ description: random.pick(['In-company rate', 'Evening rate']), pence: standard + random.pick([250, 300, 415, 500]), active: true });
  // A rate replaced last year: kept for history, no longer offered.
  if (random.chance(0.1)) rates.push({ description: 'Old standard rate', pence: standard - 150, active: false });
  return rates;
}

export interface StudentPlan {
  students: StudentInfo[];
  /** Students of each company; key null holds the private ones. */
  byCompany: Map<number | null, StudentInfo[]>;
}

export function planStudents(ctx: SeedContext, lookups: Lookups, companies: CompanyInfo[]): StudentPlan {
  const random = ctx.random.fork('students');
  const total = scaled(ctx, 150, 10);
  const privateCount = Math.round(total * 0.25);
  // Every company gets a handful, the rest goes by company size.
  const perCompany = companies.map(() => 6);
  const weightSum = companies.reduce((s, c) => s + c.weight, 0);
  let left = total - privateCount - perCompany.reduce((a, b) => a + b, 0);
  companies.forEach((c, i) => {
    const extra = Math.min(left, Math.floor(((total - privateCount - 6 * companies.length) * c.weight) / weightSum));
    perCompany[i] = (perCompany[i] as number) + extra;
    left -= extra;
  });
  const companyOf: (CompanyInfo | null)[] = companies.flatMap((c, i) => Array.from({ length: perCompany[i] as number }, () => c));
  while (companyOf.length < total) companyOf.push(null);

  const emails = new UniqueEmails();
  const plan: StudentPlan = { students: [], byCompany: new Map() };
  companyOf.forEach((company, i) => {
    const studentId = i + 1;
    const demo = i === 0 ? DEMO_STUDENT : undefined;
    const genderId = demo?.genderId ?? random.weighted([[1, 49], [2, 49], [3, 2]]);
    const firstName = demo?.firstName ?? random.pick(firstNamesFor(genderId));
    const lastName = demo?.lastName ?? random.pick(LAST_NAMES);
    const town = random.pick(TOWNS);
    // Growth: more students joined recently than a year and a half ago.
    const joinedDaysAgo = Math.floor(540 * (1 - Math.sqrt(random.next())));
    const joinedAt = new Date(ctx.now.getTime() - joinedDaysAgo * 86_400_000 - random.int(0, 86_399) * 1000);
    ctx.rows.students.push({
      studentId, firstName, lastName, genderId, companyId: company?.companyId ?? null,
      email: demo?.email ?? emails.take(slugName(firstName, lastName), company ? company.domain : random.pick(['example.com', 'example.org', 'example.net'])),
      dateOfBirth: birthDate(random, ctx.today, 18, 64),
      address1: streetAddress(random), town: town.town, county: town.county, country: 'United Kingdom', postCode: postCode(random, town.postArea),
      mobile: mobileNumber(random), landline: random.chance(0.25) ? landlineNumber(random) : null,
      nationalityId: lookups.nationalityId[random.weighted(STUDENT_NATIONALITY_WEIGHTS)] ?? null,
      notes: random.chance(0.08) ? random.pick(['Prefers morning classes.', 'Invoices go to the HR department.', 'Needs a certificate of attendance.']) : null,
      joinedAt,
    });
    const info: StudentInfo = { studentId, companyId: company?.companyId ?? null, firstName, lastName, joinedDay: Math.floor(joinedAt.getTime() / 86_400_000) };
    plan.students.push(info);
    const list = plan.byCompany.get(info.companyId) ?? [];
    list.push(info);
    plan.byCompany.set(info.companyId, list);
  });
  return plan;
}

function birthDate(random: Random, today: string, minAge: number, maxAge: number): string {
  return addDays(today, -random.int(minAge * 365, maxAge * 365 + 364));
}

/** Hands out first.last@domain, then first.last2@domain, … */
class UniqueEmails {
  private readonly used = new Map<string, number>();

  take(local: string, domain: string): string {
    const key = `${local}@${domain}`;
    const n = (this.used.get(key) ?? 0) + 1;
    this.used.set(key, n);
    return n === 1 ? key : `${local}${n}@${domain}`;
  }
}

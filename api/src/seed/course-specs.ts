import { CourseStatus } from '@rollbook/shared-types/statuses';
import { addDays, isoWeekday, londonMinuteOfDay, mondayOf, timeOfDay } from './calendar.js';
import type { CompanyInfo } from './companies-and-rooms.js';
import { SCHEDULE_INTERVAL_DAYS, type CourseSpec, type SeriesSpec } from './courses.js';
import { SUBJECTS, type Lookups, type SubjectName } from './lookups.js';
import type { RateInfo, StudentInfo, StudentPlan, TeacherInfo } from './people.js';
import { Registrar } from './enrolments.js';
import type { Random } from './prng.js';
import { scaled, type SeedContext } from './seed-plan.js';
import { Timetable, type Booking } from './timetable.js';

const DAYTIME = ['09:00', '11:30', '14:00', '16:30'];
const WITH_EVENING = [...DAYTIME, '19:00', '19:00'];

/** Decides every course: the five the demo sign-ins rely on, then the scaled random ones. */
export class CoursePlanner {
  private readonly random: Random;
  private readonly teacherTimes = new Timetable();
  private readonly roomTimes = new Timetable();
  private readonly registrar: Registrar;
  private readonly teachersBySubject = new Map<number, TeacherInfo[]>();
  private readonly monday: string;

  constructor(
    private readonly ctx: SeedContext,
    private readonly lookups: Lookups,
    private readonly companies: CompanyInfo[],
    private readonly teachers: TeacherInfo[],
    private readonly students: StudentPlan,
  ) {
    this.random = ctx.random.fork('courses');
    this.registrar = new Registrar(ctx.random.fork('enrolments'), students);
    this.monday = mondayOf(ctx.today);
    for (const t of teachers) {
      for (const subjectId of t.subjectIds) this.teachersBySubject.set(subjectId, [...(this.teachersBySubject.get(subjectId) ?? []), t]);
    }
  }

  planAll(): CourseSpec[] {
    const specs = this.demoCourses();
    const counts: [number, number][] = [
      [CourseStatus.Draft, scaled(this.ctx, 5)], [CourseStatus.Archived, scaled(this.ctx, 2, 0)], [CourseStatus.Completed, scaled(this.ctx, 15)],
    ];
    counts.push([CourseStatus.Active, Math.max(0, scaled(this.ctx, 40) - specs.length - counts.reduce((n, [, c]) => n + c, 0))]);
    for (const [statusId, count] of counts) for (let i = 0; i < count; i++) specs.push(this.randomCourse(statusId));
    this.withATimeDiscrepancy(specs);
    this.registrar.backdateJoining(this.ctx.rows.students);
    return specs;
  }

  /**
   * One active course at least is a class short, so the dashboard's time-discrepancy tile has
   * something to show whatever today's draw (at scale 1, one day in four drew none). Set after the
   * draws, so that no other course changes.
   */
  private withATimeDiscrepancy(specs: CourseSpec[]): void {
    const generated = specs.filter((s) => s.statusId === CourseStatus.Active && s.series.length > 0);
    if (generated.some((s) => s.ungeneratedClasses > 0)) return;
    const last = generated.at(-1);
    if (last) last.ungeneratedClasses = 1;
  }

  /**
   * teacher: two ACME group courses (with the demo student) and a private IELTS one-to-one;
   * teacher2: a Globex group and an online private. Days are picked around today so both have
   * classes this week: one later today when the clock allows, one tomorrow, and past ones.
   */
  private demoCourses(): CourseSpec[] {
    const [teacher, teacher2] = this.teachers as [TeacherInfo, TeacherInfo];
    const [acme, globex] = this.companies as [CompanyInfo, CompanyInfo];
    const today = isoWeekday(this.ctx.today);
    const tomorrow = (today % 7) + 1;
    const yesterday = ((today + 5) % 7) + 1;
    const other = [2, 3, 4, 5, 6].map((d) => ((today + d - 1) % 7) + 1).find((d) => d <= 5 && d !== yesterday) ?? ((today + 1) % 7) + 1;
    const later = Math.max(9 * 60, Math.ceil((londonMinuteOfDay(this.ctx.now) + 60) / 30) * 30);
    const laterToday = later + 90 <= 21 * 60 ? timeOfDay(later) : '09:00';
    const demoStudent = this.students.students[0] as StudentInfo;
    const weekly = (teacher: TeacherInfo, rateIndex: number, weekday: number, time: string) => ({ teacher, rate: teacher.rates[rateIndex] as RateInfo, weekday, time, scheduleId: 1 });

    return [
      this.demoCourse({ subject: 'English', level: 'B1', typeId: 1, company: acme, classLength: 90, weeksAgo: 10, weeks: 20, students: [demoStudent] },
        [weekly(teacher, 0, today, laterToday), weekly(teacher, 0, other, '09:00')]),
      this.demoCourse({ subject: 'Business English', level: 'B2', typeId: 1, company: acme, classLength: 60, weeksAgo: 6, weeks: 16, students: [demoStudent] },
        [weekly(teacher, 0, tomorrow, '11:30')]),
      this.demoCourse({ subject: 'IELTS Preparation', level: 'C1', typeId: 2, company: null, classLength: 45, weeksAgo: 12, weeks: 18, students: [] },
        [weekly(teacher, 1, yesterday, '16:30')]),
      this.demoCourse({ subject: 'French', level: 'A2', typeId: 1, company: globex, classLength: 90, weeksAgo: 8, weeks: 18, students: [] },
        [weekly(teacher2, 1, tomorrow, '09:00'), weekly(teacher2, 1, other, '14:00')]),
      this.demoCourse({ subject: 'Spanish', level: 'B1', typeId: 2, company: null, classLength: 60, weeksAgo: 4, weeks: 12, students: [], virtual: true },
        [weekly(teacher2, 0, today, laterToday)]),
    ];
  }

  private demoCourse(
    c: { subject: SubjectName; level: CourseSpec['level']; typeId: number; company: CompanyInfo | null; classLength: number; weeksAgo: number; weeks: number; students: StudentInfo[]; virtual?: boolean },
    series: Omit<SeriesSpec, 'numberOfClasses' | 'roomId'>[],
  ): CourseSpec {
    const startMonday = addDays(this.monday, -7 * c.weeksAgo);
    const virtual = c.virtual ?? false;
    const placed = series.map((s) => ({ ...s, numberOfClasses: c.weeks, roomId: null as number | null }));
    const bookings = placed.map((s) => this.booking(startMonday, s, c.classLength));
    const roomId = c.company && !virtual ? this.freeRoom(c.company, bookings) : null;
    placed.forEach((s, i) => {
      s.roomId = roomId;
      this.teacherTimes.book(s.teacher.teacherId, bookings[i] as Booking);
      if (roomId !== null) this.roomTimes.book(roomId, bookings[i] as Booking);
    });
    const spec: CourseSpec = {
      statusId: CourseStatus.Active, typeId: c.typeId, subject: c.subject, level: c.level, company: c.company, virtual,
      classLength: c.classLength, startMonday, weeks: c.weeks, series: placed, ungeneratedClasses: 0, enrolled: [], enquired: [], waiting: [],
    };
    this.registrar.enrol(spec, c.students);
    return spec;
  }

  private randomCourse(statusId: number): CourseSpec {
    const r = this.random;
    const typeId = r.chance(0.25) ? 2 : 1;
    const company = r.chance(typeId === 2 ? 0.45 : 0.12) ? null : r.weighted(this.companies.map((c) => [c, c.weight] as const));
    const subject = r.weighted(SUBJECTS.map((s) => [s, s.weight] as const));
    const virtual = r.chance(typeId === 2 ? 0.25 : 0.08);
    const classLength = typeId === 2 ? r.weighted([[60, 50], [45, 25], [90, 25]]) : r.weighted([[90, 35], [60, 30], [120, 20], [45, 15]]);
    const perWeek = typeId === 2 ? r.weighted([[1, 60], [2, 40]]) : r.weighted([[1, 15], [2, 45], [3, 40]]);
    const scheduleId = perWeek === 1 && r.chance(0.2) ? 2 : 1;
    const { startMonday, weeks } = this.timing(statusId);
    const numberOfClasses = scheduleId === 2 ? Math.ceil(weeks / 2) : weeks;
    const withClasses = statusId !== CourseStatus.Draft || r.chance(0.4);
    const series = withClasses
      ? this.place({ subjectId: this.lookups.subjectId[subject.name], statusId, company, virtual, perWeek, scheduleId, numberOfClasses, startMonday, classLength })
      : [];
    const spec: CourseSpec = {
      statusId, typeId, subject: subject.name, level: r.pick(subject.levels), company, virtual, classLength, startMonday, weeks, series,
      ungeneratedClasses: !withClasses ? perWeek * numberOfClasses : statusId === CourseStatus.Active && r.chance(0.1) ? r.int(1, 3) : 0,
      enrolled: [], enquired: [], waiting: [],
    };
    this.registrar.enrol(spec, []);
    return spec;
  }

  /** Weeks since/until the course, by status: drafts start soon, completed ones ended in the last year. */
  private timing(statusId: number): { startMonday: string; weeks: number } {
    const r = this.random;
    const endingAt = (weeks: number, endWeek: number) => ({ startMonday: addDays(this.monday, 7 * (endWeek - weeks + 1)), weeks });
    switch (statusId) {
      case CourseStatus.Draft:
        return { startMonday: addDays(this.monday, 7 * r.int(1, 6)), weeks: r.int(8, 20) };
      case CourseStatus.Active: {
        // A few ran out of classes last week but nobody has completed them yet.
        if (r.chance(0.06)) return endingAt(r.int(8, 20), r.int(-2, -1));
        const weeks = r.int(20, 48);
        return { startMonday: addDays(this.monday, -7 * r.int(1, weeks - 1)), weeks };
      }
      case CourseStatus.Completed:
        return endingAt(r.int(16, 40), r.int(-40, -1));
      default:
        return endingAt(r.int(8, 16), r.int(-70, -50));
    }
  }

  private place(o: {
    subjectId: number; statusId: number; company: CompanyInfo | null; virtual: boolean; perWeek: number;
    scheduleId: number; numberOfClasses: number; startMonday: string; classLength: number;
  }): SeriesSpec[] {
    const r = this.random;
    const current = o.statusId === CourseStatus.Active || o.statusId === CourseStatus.Draft;
    const eligible = (this.teachersBySubject.get(o.subjectId) ?? []).filter((t) => t.active || !current);
    const candidates = eligible.length ? eligible : this.teachers.filter((t) => t.active);
    const times = o.company ? DAYTIME : WITH_EVENING;
    const days = o.company ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6];
    let choice: { teacher: TeacherInfo; weekdays: number[]; time: string } | undefined;
    for (let attempt = 0; attempt < 40 && !choice; attempt++) {
      const option = { teacher: r.pick(candidates), weekdays: this.spreadDays(days, o.perWeek), time: r.pick(times) };
      const bookings = option.weekdays.map((weekday) => this.booking(o.startMonday, { ...option, weekday, scheduleId: o.scheduleId, numberOfClasses: o.numberOfClasses }, o.classLength));
      if (bookings.every((b) => this.teacherTimes.isFree(option.teacher.teacherId, b))) choice = option;
    }
    // Fully booked: double-book rather than leave the course without a teacher (rare).
    choice ??= { teacher: r.pick(candidates), weekdays: this.spreadDays(days, o.perWeek), time: r.pick(times) };
    const { teacher, time } = choice;
    const activeRates = teacher.rates.filter((rate) => rate.active);
    const oldRates = current ? [] : teacher.rates.filter((rate) => !rate.active);
    const rate = oldRates.length && r.chance(0.6) ? r.pick(oldRates) : r.pick(activeRates.length ? activeRates : teacher.rates);
    const series = choice.weekdays.map((weekday) => ({ weekday, time, scheduleId: o.scheduleId, numberOfClasses: o.numberOfClasses, teacher, rate, roomId: null as number | null }));
    const bookings = series.map((s) => this.booking(o.startMonday, s, o.classLength));
    const roomId = o.company && !o.virtual ? this.freeRoom(o.company, bookings) : null;
    series.forEach((s, i) => {
      s.roomId = roomId;
      this.teacherTimes.book(teacher.teacherId, bookings[i] as Booking);
      if (roomId !== null) this.roomTimes.book(roomId, bookings[i] as Booking);
    });
    return series;
  }

  /** count weekdays at least a day apart where possible (Mon/Wed, Tue/Thu, Mon/Wed/Fri …). */
  private spreadDays(days: number[], count: number): number[] {
    if (count >= 3) return this.random.pick([[1, 3, 5], [1, 2, 4], [2, 3, 5]]).slice(0, count);
    if (count === 2) return this.random.pick([[1, 3], [2, 4], [1, 4], [3, 5], [2, 5]]);
    return [this.random.pick(days)];
  }

  private booking(startMonday: string, s: Pick<SeriesSpec, 'weekday' | 'time' | 'scheduleId' | 'numberOfClasses'>, length: number): Booking {
    const firstDate = addDays(startMonday, s.weekday - 1);
    const lastDate = addDays(firstDate, (s.numberOfClasses - 1) * (SCHEDULE_INTERVAL_DAYS[s.scheduleId] ?? 7));
    return { weekday: s.weekday, time: s.time, length, firstDate, lastDate };
  }

  private freeRoom(company: CompanyInfo, bookings: Booking[]): number | null {
    return company.roomIds.find((roomId) => bookings.every((b) => this.roomTimes.isFree(roomId, b))) ?? null;
  }
}

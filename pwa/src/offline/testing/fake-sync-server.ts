import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import {
  MUTATION_ARGS, type MutationEnvelope, type MutationResult, type PullResponse, type PushResponse, type SyncAttendance,
  type SyncClass, type SyncStudent,
} from '@rollbook/shared-types/sync';
import { rescheduledSlot } from '../london-slot';

// An in-memory server implementing the sync contract's rules the client depends on: idempotency by
// mutationId (a replay answers 'duplicate'; another body under the same id is a 422), seq order
// per client ('outOfOrder' for a gap, nothing recorded), conflicts only with other writers' changes
// since baseVersion, refusals recorded so they never block, and cursor pulls with removals.

type Writer = string; // a clientId, or 'admin'

interface Versioned<T> {
  row: T;
  changedAt: number;
  /** Who produced each version after the first. */
  history: { version: number; writer: Writer }[];
}

export class MutationReusedError extends Error {}

export class FakeSyncServer {
  classes = new Map<number, Versioned<SyncClass>>();
  lines = new Map<string, Versioned<SyncAttendance>>();
  students = new Map<number, SyncStudent>();
  /** Classes whose course is Draft: marks are refused. */
  draftClassIds = new Set<number>();
  /** Classes a move would double-book: refused unless the teacher allowed clashes. */
  clashingClassIds = new Set<number>();
  private clock = 0;
  private removedLog: { at: number; classId?: number; line?: { classId: number; studentId: number } }[] = [];
  private clients = new Map<string, { lastSeq: number }>();
  private answered = new Map<string, { body: string; result: MutationResult }>();
  /** Every mutation applied (not replays): applying one twice would show here. */
  appliedLog: MutationEnvelope[] = [];

  private tick = () => ++this.clock;

  addClass(row: SyncClass): void {
    this.classes.set(row.classId, { row, changedAt: this.tick(), history: [] });
  }

  addLine(row: SyncAttendance): void {
    this.lines.set(`${row.classId}:${row.studentId}`, { row, changedAt: this.tick(), history: [] });
  }

  removeClass(classId: number): void {
    this.classes.delete(classId);
    this.removedLog.push({ at: this.tick(), classId });
  }

  removeLine(classId: number, studentId: number): void {
    this.lines.delete(`${classId}:${studentId}`);
    this.removedLog.push({ at: this.tick(), line: { classId, studentId } });
  }

  /** Someone else (an admin) sets a mark. */
  adminMark(classId: number, studentId: number, statusId: number): void {
    const line = this.lines.get(`${classId}:${studentId}`);
    if (!line) throw new Error('no such line');
    const version = line.row.version + 1;
    Object.assign(line, { row: { ...line.row, statusId, version }, changedAt: this.tick() });
    line.history.push({ version, writer: 'admin' });
  }

  lastSeqOf(clientId: string): number {
    return this.clients.get(clientId)?.lastSeq ?? 0;
  }

  pull(since: string | undefined): PullResponse {
    const from = since === undefined ? 0 : Number(since);
    const changed = <T>(map: Map<unknown, Versioned<T>>) => [...map.values()].filter((v) => v.changedAt > from).map((v) => v.row);
    const removed = this.removedLog.filter((r) => since !== undefined && r.at > from);
    return {
      cursor: String(this.clock),
      reset: since === undefined,
      serverTime: new Date(Date.UTC(2026, 10, 23, 12, 0, this.clock)).toISOString(),
      window: { from: '2026-10-26', to: '2027-01-18' },
      classes: changed(this.classes),
      attendance: changed(this.lines),
      courses: [],
      enrolments: [],
      students: since === undefined ? [...this.students.values()] : [],
      removed: {
        classIds: removed.flatMap((r) => (r.classId ? [r.classId] : [])),
        attendance: removed.flatMap((r) => (r.line ? [r.line] : [])),
        courseIds: [], enrolments: [], studentIds: [],
      },
    };
  }

  /** Throws MutationReusedError (a 422) when an id comes back with another body. */
  push(clientId: string, mutations: MutationEnvelope[]): PushResponse {
    const client = this.clients.get(clientId) ?? { lastSeq: 0 };
    this.clients.set(clientId, client);
    for (const m of mutations) {
      const seen = this.answered.get(m.mutationId);
      if (seen && seen.body !== JSON.stringify(m)) throw new MutationReusedError();
    }
    const results = mutations.map((m): MutationResult => {
      const seen = this.answered.get(m.mutationId);
      if (seen) {
        const { status, ...rest } = seen.result;
        return { ...rest, status: 'duplicate', previous: status as 'applied' | 'rejected' | 'conflict' };
      }
      if (m.seq !== client.lastSeq + 1) return { mutationId: m.mutationId, seq: m.seq, status: 'outOfOrder' };
      const result = { mutationId: m.mutationId, seq: m.seq, ...this.apply(clientId, m) };
      this.answered.set(m.mutationId, { body: JSON.stringify(m), result });
      client.lastSeq = m.seq;
      return result;
    });
    return { results, lastSeq: client.lastSeq };
  }

  private apply(clientId: string, m: MutationEnvelope): Omit<MutationResult, 'mutationId' | 'seq'> {
    const name = m.name as keyof typeof MUTATION_ARGS;
    const args = MUTATION_ARGS[name]?.safeParse(m.args);
    if (!args?.success) return { status: 'rejected', message: 'Unknown change' };
    const classId = (args.data as { classId: number }).classId;
    const cls = this.classes.get(classId);
    if (!cls) return { status: 'rejected', message: ATTENDANCE_MESSAGES.classNotFound };
    const othersSince = (history: Versioned<unknown>['history']) =>
      history.some((h) => h.version > m.baseVersion && h.writer !== clientId);

    if (name === 'markAttendance') {
      const { studentId, statusId } = args.data as { studentId: number; statusId: number };
      if (this.draftClassIds.has(classId)) return { status: 'rejected', message: ATTENDANCE_MESSAGES.draft };
      const line = this.lines.get(`${classId}:${studentId}`);
      if (!line) return { status: 'rejected', message: ATTENDANCE_MESSAGES.notOnRegister };
      const current = { statusId: line.row.statusId, version: line.row.version };
      if (othersSince(line.history)) return { status: 'conflict', message: ATTENDANCE_MESSAGES.conflict, server: current, version: current.version };
      const version = line.row.version + 1;
      Object.assign(line, { row: { ...line.row, statusId, version }, changedAt: this.tick() });
      line.history.push({ version, writer: clientId });
      this.appliedLog.push(m);
      return { status: 'applied', version };
    }

    if (name === 'markAllAttended') {
      if (this.draftClassIds.has(classId)) return { status: 'rejected', message: ATTENDANCE_MESSAGES.draft };
      let conflict = false;
      const lines: { studentId: number; statusId: number; version: number }[] = [];
      for (const { studentId, baseVersion } of (args.data as { lines: { studentId: number; baseVersion: number }[] }).lines) {
        const line = this.lines.get(`${classId}:${studentId}`);
        if (!line) continue;
        if (line.history.some((h) => h.version > baseVersion && h.writer !== clientId)) conflict = true;
        else if (line.row.statusId !== 2) {
          const version = line.row.version + 1;
          Object.assign(line, { row: { ...line.row, statusId: 2, version }, changedAt: this.tick() });
          line.history.push({ version, writer: clientId });
        }
        lines.push({ studentId, statusId: line.row.statusId, version: line.row.version });
      }
      this.appliedLog.push(m);
      return conflict ? { status: 'conflict', message: ATTENDANCE_MESSAGES.conflict, server: { lines } } : { status: 'applied', server: { lines } };
    }

    const current = { startsAt: cls.row.startsAt, classLength: cls.row.classLength, scheduleVersion: cls.row.scheduleVersion };
    if (othersSince(cls.history)) return { status: 'conflict', server: current, version: current.scheduleVersion };
    if (this.clashingClassIds.has(classId) && !(args.data as { allowClashes?: boolean }).allowClashes) {
      return { status: 'rejected', message: 'The teacher or room is booked then', server: { ...current, clashes: [{ kind: 'room', classId: 99 }] } };
    }
    const { classDate, classLength } = args.data as { classDate?: string; classLength?: number };
    const slot = classDate !== undefined && classLength !== undefined
      ? rescheduledSlot(classDate, classLength)
      : { startsAt: new Date(Date.parse(this.lastOfSeries(cls.row)) + 7 * 86_400_000).toISOString() };
    const scheduleVersion = cls.row.scheduleVersion + 1;
    Object.assign(cls, { row: { ...cls.row, ...slot, scheduleVersion, version: cls.row.version + 1 }, changedAt: this.tick() });
    cls.history.push({ version: scheduleVersion, writer: clientId });
    this.appliedLog.push(m);
    return { status: 'applied', version: scheduleVersion };
  }

  private lastOfSeries(cls: SyncClass): string {
    const starts = [...this.classes.values()].filter((c) => c.row.classSeriesId === cls.classSeriesId).map((c) => c.row.startsAt);
    return starts.sort().at(-1) ?? cls.startsAt;
  }
}

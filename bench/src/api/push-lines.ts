import { randomUUID } from 'node:crypto';
import { SYNC_BATCH_LIMIT, type MutationEnvelope, type PushRequest, type PushResponse } from '@rollbook/shared-types/sync';
import pg from 'pg';
import type { SignedIn } from './sign-in.js';

// The sync push path: each connection (or raw worker) plays one teacher's phone that sends batches
// of 50 marks on register lines of that teacher's classes that have started, with its own
// clientId and seq counting up from 1 — the 9 a.m. rush of many teachers. Each phone is another
// teacher's (phoneSlots), so phones do not fight over rows; each batch
// flips the marks between attended and absent, and the versions the answers report are the next
// batch's baseVersion, as a phone would do.

export interface RegisterLine {
  classId: number;
  studentId: number;
}

/** Register lines the teacher may mark now: started, not paid or cancelled, on a live course. */
export async function markableLines(url: string, teacherId: number, wanted: number): Promise<RegisterLine[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ class_id: number; student_id: number }>(
      `select ca.class_id, ca.student_id
         from class_attendance ca
         join classes c on c.class_id = ca.class_id
         join courses co on co.course_id = c.course_id
        where c.teacher_id = $1 and c.starts_at < now() and c.status_id not in (4, 5, 6)
          and co.course_status_id not in (1, 4, 5) and ca.status_id <> 0
        order by c.starts_at desc, ca.class_id, ca.student_id
        limit $2`, [teacherId, wanted]);
    return rows.map((r) => ({ classId: r.class_id, studentId: r.student_id }));
  } finally {
    await client.end();
  }
}

const key = (l: RegisterLine) => `${l.classId}:${l.studentId}`;

/** Shared by the API and the raw side (they run one after the other): the last version seen of each line. */
export class LineVersions {
  private readonly versions = new Map<string, number>();
  get(l: RegisterLine): number {
    return this.versions.get(key(l)) ?? 0;
  }
  learn(batch: PushRequest, answer: PushResponse): void {
    const bySeq = new Map(batch.mutations.map((m) => [m.seq, m.args as RegisterLine]));
    for (const r of answer.results) {
      const line = bySeq.get(r.seq);
      // A conflict tells the server's version: the next batch starts from it.
      const version = r.version ?? (typeof r.server?.version === 'number' ? r.server.version : undefined);
      if (line && version !== undefined) this.versions.set(key(line), version);
    }
  }
}

/** Up to 50 register lines of one teacher, with that teacher signed in. */
export interface PhoneSlot {
  teacher: SignedIn;
  lines: RegisterLine[];
}

/** One simulated phone: a clientId, its next seq, its teacher and lines. */
export class Phone {
  readonly clientId = randomUUID();
  private seq = 0;
  private round = 0;
  readonly teacher: SignedIn;
  private readonly lines: RegisterLine[];
  constructor(slot: PhoneSlot, private readonly versions: LineVersions) {
    this.teacher = slot.teacher;
    this.lines = slot.lines;
  }

  nextBatch(): PushRequest {
    this.round++;
    const statusId = this.round % 2 === 0 ? 5 : 2;
    const madeAt = new Date().toISOString();
    const mutations: MutationEnvelope[] = this.lines.map((line) => ({
      mutationId: randomUUID(), seq: ++this.seq, name: 'markAttendance',
      args: { ...line, statusId }, baseVersion: this.versions.get(line), madeAt,
    }));
    return { clientId: this.clientId, mutations };
  }
}

/**
 * One phone per teacher, as at 9 a.m.: many teachers, each marking from their own phone. Its batch
 * is the teacher's first 50 lines (fewer when the teacher has fewer). Two phones of one teacher
 * would mark different classes of the same course, so the same students' attendance rates (one
 * row per course and student, kept by the register's triggers in the marking transaction): their
 * pushes would queue on those rows, which one phone per teacher never does.
 */
export function phoneSlots(teachers: { teacher: SignedIn; lines: RegisterLine[] }[]): PhoneSlot[] {
  return teachers.filter((t) => t.lines.length > 0).map(({ teacher, lines }) => ({ teacher, lines: lines.slice(0, SYNC_BATCH_LIMIT) }));
}

/**
 * Hands out phones, each with the next slot; when there are fewer slots than connections, two
 * phones share a slot (and then sometimes answer 'conflict', which costs the same work).
 */
export class PhoneFactory {
  private handed = 0;
  constructor(private readonly slots: PhoneSlot[], readonly versions = new LineVersions()) {
    if (slots.length === 0) throw new Error('No teacher has markable register lines to push');
  }
  get slotCount(): number {
    return this.slots.length;
  }
  next(): Phone {
    return new Phone(this.slots[this.handed++ % this.slots.length] as PhoneSlot, this.versions);
  }
}

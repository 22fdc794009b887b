import type { Kysely } from 'kysely';
import type { DB } from '../../db/database.js';
import { queueMail, type OutgoingMail } from '../mail-outbox/mail-outbox.repository.js';
import { classChangeMessage, type ClassChangeLine, type ClassWhenAndWhere } from './class-change-message.js';
import { courseNamesOfClasses, recipientsOfClasses, roomNames } from './class-change-emails.repository.js';

/** When and where a class is, as the classes table has it. */
export interface ClassPlace {
  startsAt: Date;
  endsAt: Date;
  roomId: number | null;
}

export interface ClassChange {
  classId: number;
  before: ClassPlace;
  /** null: the class is cancelled. */
  after: ClassPlace | null;
}

const sameTime = (a: Date, b: Date) => a.getTime() === b.getTime();

/**
 * Worth an e-mail: the class is cancelled, or its date, time or room changed (a new teacher or rate
 * alone is the school's business); and it is not over (nobody needs telling about last week's
 * class moved to fix the records), unless it moved into the future.
 */
function worthTelling(change: ClassChange, now: Date): boolean {
  const { before, after } = change;
  const changed = after === null || !sameTime(before.startsAt, after.startsAt) || !sameTime(before.endsAt, after.endsAt) || before.roomId !== after.roomId;
  const upcoming = before.endsAt > now || (after !== null && after.endsAt > now);
  return changed && upcoming;
}

/**
 * Writes the class-change e-mails of one action to the outbox, in the caller's transaction, so they
 * are sent only if the change commits and exactly once however the change arrived (online, or a
 * phone's queued change applied by the sync push). Each student on the changed classes' registers
 * who has not opted out gets ONE e-mail listing every change of their classes in `changes`: a
 * service that moves many classes at once (a series, a closure) calls this once with all of them.
 * Answers how many e-mails were queued.
 */
export async function queueClassChangeEmails(trx: Kysely<DB>, changes: readonly ClassChange[], now = new Date()): Promise<number> {
  const told = changes.filter((change) => worthTelling(change, now));
  if (told.length === 0) return 0;
  const classIds = [...new Set(told.map((c) => c.classId))];
  const recipients = await recipientsOfClasses(trx, classIds);
  if (recipients.length === 0) return 0;
  const courseNames = await courseNamesOfClasses(trx, classIds);
  const roomIds = told.flatMap((c) => [c.before.roomId, c.after?.roomId ?? null]).filter((id): id is number => id !== null);
  const rooms = await roomNames(trx, [...new Set(roomIds)]);

  const place = (p: ClassPlace): ClassWhenAndWhere => ({ startsAt: p.startsAt, endsAt: p.endsAt, room: p.roomId === null ? null : rooms.get(p.roomId) ?? null });
  const lineOf = new Map<number, ClassChangeLine>(told.map((c) => [c.classId, {
    courseName: courseNames.get(c.classId) ?? 'course', before: place(c.before), after: c.after && place(c.after),
  }]));

  const byStudent = new Map<number, { firstName: string; email: string; lines: ClassChangeLine[] }>();
  for (const r of recipients) {
    const line = lineOf.get(r.classId);
    if (!line || r.email === null) continue;
    const entry = byStudent.get(r.studentId) ?? { firstName: r.firstName, email: r.email.trim(), lines: [] };
    entry.lines.push(line);
    byStudent.set(r.studentId, entry);
  }
  const mails: OutgoingMail[] = [...byStudent].map(([studentId, s]) => {
    const { subject, text } = classChangeMessage(s.firstName, s.lines);
    return { kind: 'class-change', toAddress: s.email, subject, body: text, studentId };
  });
  await queueMail(trx, mails);
  return mails.length;
}

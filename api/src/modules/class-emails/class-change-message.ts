import { showDate, showTime } from '@rollbook/shared-types/display-dates';
import { CLASS_CHANGE_EMAILS_LABEL } from '@rollbook/shared-types/students';
import { DateTime } from 'luxon';
import { LONDON } from '../../lib/london-time.js';

// The words of a class-change e-mail: pure, so every shape (moved, cancelled, several at once) is
// checked by a table of cases without a database.

export interface ClassWhenAndWhere {
  startsAt: Date;
  endsAt: Date;
  /** The room's name; null when the class has none. */
  room: string | null;
}

export interface ClassChangeLine {
  /** What the student knows the course by: subject and level, e.g. 'English B1'. */
  courseName: string;
  before: ClassWhenAndWhere;
  /** null: the class is cancelled. */
  after: ClassWhenAndWhere | null;
}

const weekday = (at: Date) => DateTime.fromJSDate(at, { zone: LONDON }).setLocale('en-GB').toFormat('cccc');

/** 'Monday 01/03/2027, 09:00-10:00, Room 4' */
export function describeClassSlot(slot: ClassWhenAndWhere): string {
  return `${weekday(slot.startsAt)} ${showDate(slot.startsAt)}, ${showTime(slot.startsAt)}-${showTime(slot.endsAt)}, ${slot.room ?? 'no room set'}`;
}

function paragraph(line: ClassChangeLine): string {
  if (line.after === null) return `Your ${line.courseName} class is cancelled:\n  ${describeClassSlot(line.before)}`;
  return `Your ${line.courseName} class has moved.\n  Was: ${describeClassSlot(line.before)}\n  Now: ${describeClassSlot(line.after)}`;
}

function subjectOf(lines: readonly ClassChangeLine[]): string {
  const [only] = lines;
  if (lines.length === 1 && only) {
    const what = only.after === null ? 'cancelled' : 'moved';
    return `Class ${what}: ${only.courseName} on ${showDate(only.before.startsAt)}`;
  }
  return `${lines.length} of your classes have changed`;
}

/** One e-mail telling a student about every change of their classes made by one action. */
export function classChangeMessage(firstName: string, lines: readonly ClassChangeLine[]): { subject: string; text: string } {
  const sorted = [...lines].sort((a, b) => a.before.startsAt.getTime() - b.before.startsAt.getTime());
  const text = [
    `Hello ${firstName},`,
    ...sorted.map(paragraph),
    'If you have any questions, please contact the school.',
    `You get these e-mails because you are enrolled on the class. To stop them, untick "${CLASS_CHANGE_EMAILS_LABEL}" in your profile.`,
  ].join('\n\n');
  return { subject: subjectOf(sorted), text: `${text}\n` };
}

import {
  CALENDAR_DEFAULT_MONTHS_AHEAD, CALENDAR_DEFAULT_MONTHS_BACK, CALENDAR_MAX_DAYS, type CalendarEvent, type CalendarQuery,
} from '@rollbook/shared-types/calendar';
import { DateTime } from 'luxon';
import type { Db } from '../../db/create-db.js';
import { badRequest, forbidden } from '../../lib/app-error.js';
import { LONDON } from '../../lib/london-time.js';
import type { Principal } from '../../plugins/auth.js';
import { derivedClassStatus, onRegisterOf } from '../classes/class-status.js';

export type CalendarOwner = 'teacher' | 'room' | 'student';

/** A bound as calendars send it: a bare date is London midnight, an instant is taken as given. */
function bound(text: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? DateTime.fromISO(text, { zone: LONDON }).toJSDate()
    : DateTime.fromISO(text.replace(' ', 'T'), { zone: LONDON }).toJSDate();
}

function range(q: CalendarQuery, now: Date): { from: Date; to: Date } {
  const from = q.start ? bound(q.start) : DateTime.fromJSDate(now, { zone: LONDON }).minus({ months: CALENDAR_DEFAULT_MONTHS_BACK }).startOf('day').toJSDate();
  const to = q.end ? bound(q.end) : DateTime.fromJSDate(now, { zone: LONDON }).plus({ months: CALENDAR_DEFAULT_MONTHS_AHEAD }).startOf('day').toJSDate();
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) throw badRequest('Please give a start before the end', { end: ['Please give a start before the end'] });
  if (to.getTime() - from.getTime() > CALENDAR_MAX_DAYS * 86_400_000) {
    throw badRequest(`Please ask for at most ${CALENDAR_MAX_DAYS} days at a time`, { end: [`Please ask for at most ${CALENDAR_MAX_DAYS} days at a time`] });
  }
  return { from, to };
}

/**
 * Events of one teacher, room or student in a range. Teachers may only ask for themselves and
 * students for themselves (403 otherwise, whether or not the id exists).
 */
export async function calendarEvents(db: Db, principal: Principal, owner: CalendarOwner, q: CalendarQuery, now = new Date()): Promise<CalendarEvent[]> {
  if (!principal.isAdmin) {
    const own = owner === 'teacher' ? principal.teacherId : owner === 'student' ? principal.studentId : null;
    if (own !== q.id) throw forbidden('You can only see your own calendar');
  }
  const { from, to } = range(q, now);
  let query = db.selectFrom('classes')
    .innerJoin('courses', 'courses.courseId', 'classes.courseId')
    .innerJoin('subjects', 'subjects.subjectId', 'courses.subjectId')
    .select(['classes.classId', 'classes.courseId', 'courses.title', 'classes.startsAt', 'classes.endsAt', 'subjects.color', derivedClassStatus().as('seriesStatusId')])
    .where('classes.startsAt', '>=', from)
    .where('classes.startsAt', '<', to);
  if (owner === 'teacher') query = query.where('classes.teacherId', '=', q.id);
  else if (owner === 'room') query = query.where('classes.roomId', '=', q.id);
  else query = query.where((eb) => onRegisterOf(eb, q.id));
  const rows = await query.orderBy('classes.startsAt').orderBy('classes.classId').execute();
  return rows.map((r) => ({ ...r, start: r.startsAt.toISOString(), end: r.endsAt.toISOString() }));
}

import { ICalCalendar, ICalEventBusyStatus, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { LONDON } from '../../lib/london-time.js';
import type { FeedClass } from './feed-classes.repository.js';

// Europe/London's rules since 1996 (last Sunday of March 01:00 UTC to last Sunday of October),
// written out because ical-generator has no time-zone database; calendar apps read the TZID and
// use this block only when they do not know the zone.
const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE', 'TZID:Europe/London', 'X-LIC-LOCATION:Europe/London',
  'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0000', 'TZOFFSETTO:+0100', 'TZNAME:BST', 'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU', 'END:DAYLIGHT',
  'BEGIN:STANDARD', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0000', 'TZNAME:GMT', 'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** How often calendar apps that honour it (Apple, Outlook) should fetch again. */
const REFRESH_SECONDS = 3600;

/** The UID of a class's event: the same on every fetch, so an app updates the event rather than adding one. */
export const classEventUid = (classId: number) => `class-${classId}@rollbook`;

const inLondon = (instant: Date) => DateTime.fromJSDate(instant, { zone: LONDON });

/**
 * The feed as iCalendar text. Nothing in it depends on the moment it is made (DTSTAMP is the class's
 * last change), so the same classes give the same bytes and the same ETag.
 */
export function feedCalendar(classes: FeedClass[], calendarName: string): string {
  const calendar = new ICalCalendar({
    prodId: { company: 'Rollbook', product: 'Class feed', language: 'EN' },
    name: calendarName,
    ttl: REFRESH_SECONDS,
    timezone: { name: null, generator: (zone) => (zone === LONDON ? LONDON_VTIMEZONE : null) },
    x: [['X-WR-TIMEZONE', LONDON]],
  });
  for (const c of classes) {
    const place = [c.room, c.address].filter((part): part is string => Boolean(part?.trim()));
    calendar.createEvent({
      id: classEventUid(c.classId),
      // The class's version rises on every change, which is what SEQUENCE is for (Apple and Outlook use it).
      sequence: c.version,
      stamp: c.updatedAt,
      lastModified: c.updatedAt,
      timezone: LONDON,
      start: inLondon(c.startsAt),
      end: inLondon(c.endsAt),
      summary: c.courseTitle,
      location: place.length > 0 ? place.join(', ') : null,
      description: [`${c.subject} ${c.level}`.trim(), `Teacher: ${c.teacherName}`, ...(c.room ? [`Room: ${c.room}`] : [])].join('\n'),
      status: ICalEventStatus.CONFIRMED,
      busystatus: ICalEventBusyStatus.BUSY,
    });
  }
  return calendar.toString();
}

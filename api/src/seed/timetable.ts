import { epochDay, minutesOf } from './calendar.js';

/** A weekly slot held from the first to the last class of a series. */
export interface Booking {
  weekday: number;
  time: string;
  length: number;
  firstDate: string;
  lastDate: string;
}

interface Held {
  weekday: number;
  start: number;
  end: number;
  firstDay: number;
  lastDay: number;
}

/**
 * Who is busy when, so no teacher or room is planned into two classes at once. A fortnightly
 * series holds its slot every week: simpler, and only ever too careful.
 */
export class Timetable {
  private readonly held = new Map<number, Held[]>();

  isFree(ownerId: number, booking: Booking): boolean {
    const b = toHeld(booking);
    return !(this.held.get(ownerId) ?? []).some(
      (h) => h.weekday === b.weekday && h.start < b.end && b.start < h.end && h.firstDay <= b.lastDay && b.firstDay <= h.lastDay,
    );
  }

  book(ownerId: number, booking: Booking): void {
    const list = this.held.get(ownerId) ?? [];
    list.push(toHeld(booking));
    this.held.set(ownerId, list);
  }
}

function toHeld(b: Booking): Held {
  const start = minutesOf(b.time);
  // Ten minutes between classes to change rooms.
  return { weekday: b.weekday, start, end: start + b.length + 10, firstDay: epochDay(b.firstDate), lastDay: epochDay(b.lastDate) };
}

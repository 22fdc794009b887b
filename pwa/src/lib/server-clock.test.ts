import { afterEach, describe, expect, it, vi } from 'vitest';
import { learnServerClock, resetServerClock, SERVER_CLOCK_STORAGE_KEY, serverNow } from './server-clock';
import { isSessionActive } from './session';

const DEVICE_NOW = Date.parse('2027-11-22T10:00:00Z');
const SERVER_DATE = 'Sun, 22 Nov 2026 10:00:00 GMT';
const YEAR_MS = Date.parse('2027-11-22T10:00:00Z') - Date.parse('2026-11-22T10:00:00Z');

afterEach(() => resetServerClock());

describe('the server clock as the phone sees it', () => {
  it('is the device clock until an answer of the server says otherwise', () => {
    expect(serverNow(DEVICE_NOW)).toBe(DEVICE_NOW);
  });

  it("learns a year's gap from a Date header, and keeps it for the next page load", async () => {
    learnServerClock(SERVER_DATE, DEVICE_NOW);
    expect(serverNow(DEVICE_NOW)).toBe(DEVICE_NOW - YEAR_MS);
    expect(localStorage.getItem(SERVER_CLOCK_STORAGE_KEY)).toBe(String(-YEAR_MS));

    vi.resetModules();
    const reloaded = await import('./server-clock');
    expect(reloaded.serverNow(DEVICE_NOW)).toBe(DEVICE_NOW - YEAR_MS);
  });

  it('counts a gap of under a minute (whole-second headers, travel time) as none', () => {
    learnServerClock('Sun, 22 Nov 2026 10:00:30 GMT', Date.parse('2026-11-22T10:00:00.900Z'));
    expect(serverNow(DEVICE_NOW)).toBe(DEVICE_NOW);
  });

  it('ignores a missing or unreadable header, keeping what it knew', () => {
    learnServerClock(SERVER_DATE, DEVICE_NOW);
    learnServerClock(null, DEVICE_NOW);
    learnServerClock('not a date', DEVICE_NOW);
    expect(serverNow(DEVICE_NOW)).toBe(DEVICE_NOW - YEAR_MS);
  });

  it('goes back to the device clock once the device clock is put right', () => {
    learnServerClock(SERVER_DATE, DEVICE_NOW);
    learnServerClock(SERVER_DATE, Date.parse('2026-11-22T10:00:00Z'));
    expect(serverNow(DEVICE_NOW)).toBe(DEVICE_NOW);
  });
});

describe('a sign-in on a phone whose clock is a year wrong', () => {
  // Signed in at 10:00 server time, for eight hours.
  const signedIn = {
    token: 'header.payload.signature', expiresAt: '2026-11-22T18:00:00Z', userId: 7, firstName: 'Tom', lastName: 'Teacher',
    username: 'teacher', avatarImage: null, entityId: 3, roles: [{ name: 'Teacher' as const, entityId: 3 }],
  };

  it('counts as active when the clock is a year ahead, once an answer of the server told the gap', () => {
    expect(isSessionActive(signedIn, DEVICE_NOW)).toBe(false);
    learnServerClock(SERVER_DATE, DEVICE_NOW);
    expect(isSessionActive(signedIn, DEVICE_NOW)).toBe(true);
  });

  it('still expires by the server clock when the clock is a year behind', () => {
    const behind = Date.parse('2025-11-22T10:00:00Z');
    learnServerClock(SERVER_DATE, behind);
    expect(isSessionActive(signedIn, behind)).toBe(true);
    expect(isSessionActive(signedIn, behind + 9 * 3_600_000)).toBe(false);
  });
});

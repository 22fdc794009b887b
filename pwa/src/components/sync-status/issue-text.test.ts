import { describe, expect, it } from 'vitest';
import { serverValueText } from './issue-text';

describe("the server's side of a sync issue", () => {
  it("shows a class's time on the server as dd/MM/yyyy HH:mm in London, with its length", () => {
    const server = { startsAt: '2026-07-01T08:00:00.000Z', classDateString: '01/07/2026', time: '09:00', classLength: 45, scheduleVersion: 3 };
    expect(serverValueText({ name: 'rescheduleClass', server })).toBe('On the server: 01/07/2026 09:00 (45 mins)');
    expect(serverValueText({ name: 'moveClassToEnd', server: { startsAt: '2026-11-30T09:00:00.000Z' } })).toBe('On the server: 30/11/2026 09:00');
  });

  it('names the mark on the server, and says nothing without a value', () => {
    expect(serverValueText({ name: 'markAttendance', server: { statusId: 5, version: 2 } })).toBe('On the server: Absent');
    expect(serverValueText({ name: 'markAttendance', server: null })).toBeNull();
  });
});

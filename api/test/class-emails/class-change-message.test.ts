import { describe, expect, it } from 'vitest';
import { londonInstant } from '../../src/lib/london-time.js';
import { CLASS_CHANGE_EMAILS_LABEL } from '@rollbook/shared-types/students';
import { classChangeMessage, describeClassSlot } from '../../src/modules/class-emails/class-change-message.js';
import { MAX_MAIL_ATTEMPTS, retryDelaySeconds } from '../../src/modules/mail-outbox/send-due-mail.js';

const at = (date: string, time: string) => londonInstant(date, time);
const slot = (date: string, from: string, to: string, room: string | null) => ({ startsAt: at(date, from), endsAt: at(date, to), room });

describe('describeClassSlot', () => {
  it.each([
    ['a winter class', slot('2030-03-04', '09:00', '10:00', 'Room 4'), 'Monday 04/03/2030, 09:00-10:00, Room 4'],
    ['a summer class (London time, not UTC)', slot('2030-07-01', '18:30', '20:00', 'Lab'), 'Monday 01/07/2030, 18:30-20:00, Lab'],
    ['a class without a room', slot('2030-03-08', '14:05', '15:35', null), 'Friday 08/03/2030, 14:05-15:35, no room set'],
  ])('shows %s as weekday dd/MM/yyyy, HH:mm-HH:mm, room', (_name, given, shown) => {
    expect(describeClassSlot(given)).toBe(shown);
  });
});

describe('classChangeMessage', () => {
  const before = slot('2030-03-04', '09:00', '10:00', 'Room 4');
  const after = slot('2030-03-05', '14:30', '15:30', 'Room 2');

  it.each([
    ['a move', [{ courseName: 'English B1', before, after }], 'Class moved: English B1 on 04/03/2030'],
    ['a cancellation', [{ courseName: 'English B1', before, after: null }], 'Class cancelled: English B1 on 04/03/2030'],
    ['several changes', [{ courseName: 'English B1', before, after }, { courseName: 'French A2', before: after, after: null }], '2 of your classes have changed'],
  ])('names %s in the subject', (_name, lines, subject) => {
    expect(classChangeMessage('Ana', lines).subject).toBe(subject);
  });

  it('says what the class was and what it is now, greets the student and says how to opt out', () => {
    const { text } = classChangeMessage('Ana', [{ courseName: 'English B1', before, after }]);
    expect(text).toContain('Hello Ana,');
    expect(text).toContain('Your English B1 class has moved.\n  Was: Monday 04/03/2030, 09:00-10:00, Room 4\n  Now: Tuesday 05/03/2030, 14:30-15:30, Room 2');
    expect(text).toContain(`untick "${CLASS_CHANGE_EMAILS_LABEL}" in your profile`);
  });

  it('lists several changes in class order', () => {
    const later = slot('2030-03-11', '09:00', '10:00', 'Room 4');
    const { text } = classChangeMessage('Ana', [{ courseName: 'B', before: later, after: null }, { courseName: 'A', before, after }]);
    expect(text.indexOf('Your A class')).toBeLessThan(text.indexOf('Your B class'));
  });
});

describe('retryDelaySeconds', () => {
  it.each([[1, 30], [2, 60], [3, 120], [7, 1920], [8, 3600], [MAX_MAIL_ATTEMPTS, 3600]])('waits after failure %i: %i s', (failures, seconds) => {
    expect(retryDelaySeconds(failures)).toBe(seconds);
  });
});

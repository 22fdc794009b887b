import type { ClosureClass } from '@rollbook/shared-types/closures';
import { describe, expect, it } from 'vitest';
import { chooseAll, choicesToSend, describeChoices, savedMessage } from './closure-choices';

const cls = (classId: number, canMove = true): ClosureClass => ({
  classId, courseId: 1, course: 'ACME English B1', teacher: 'Pierre Moreau', classDateString: '06/04/2031', weekday: 'Monday',
  classDatesCombined: '07:00 - 08:00', studentCount: 2, seriesStatusId: canMove ? 1 : 3, canMove,
});

describe('closure choices', () => {
  it('sends a choice for every class that can move, and nothing while one has none', () => {
    const classes = [cls(1), cls(2, false), cls(3)];
    expect(choicesToSend(classes, { 1: 'move' })).toBeNull();
    expect(choicesToSend(classes, { 1: 'move', 3: 'cancel' })).toEqual([{ classId: 1, action: 'move' }, { classId: 3, action: 'cancel' }]);
    expect(choicesToSend([cls(2, false)], {})).toEqual([]);
  });

  it('chooses all at once, leaving Marked and Paid classes out', () => {
    expect(chooseAll([cls(1), cls(2, false), cls(3)], 'cancel')).toEqual({ 1: 'cancel', 3: 'cancel' });
  });

  it.each([
    [['move'], '1 class moved to the end of its course'],
    [['move', 'move', 'cancel'], '2 classes moved to the end of their courses, 1 cancelled'],
    [['cancel', 'cancel'], '2 classes cancelled'],
    [['cancel'], '1 class cancelled'],
  ] as const)('says what %j does: %s', (actions, text) => {
    expect(describeChoices([...actions])).toBe(text);
  });

  it('adds what happened to the saved message only when classes changed', () => {
    expect(savedMessage('Closure successfully saved', [])).toBe('Closure successfully saved');
    expect(savedMessage('Closure successfully saved', [{ classId: 1, course: 'C', action: 'cancel', wasDateString: '06/04/2031', nowDateString: null }]))
      .toBe('Closure successfully saved: 1 class cancelled');
  });
});

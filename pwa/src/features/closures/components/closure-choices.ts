import type { ClosureClass, ClosureClassAction, ClosureClassChange, ClosureClassChoice } from '@rollbook/shared-types/closures';

/** The admin's choice per class id; a class not in it has no choice yet. */
export type Choices = Record<number, ClosureClassAction>;

export const movable = (classes: ClosureClass[]) => classes.filter((c) => c.canMove);

/** The same action for every class that can move. */
export const chooseAll = (classes: ClosureClass[], action: ClosureClassAction): Choices =>
  Object.fromEntries(movable(classes).map((c) => [c.classId, action]));

/** The request's choices, or null while a class that can move has none. */
export function choicesToSend(classes: ClosureClass[], choices: Choices): ClosureClassChoice[] | null {
  const sent = movable(classes).map((c) => ({ classId: c.classId, action: choices[c.classId] }));
  return sent.every((c): c is ClosureClassChoice => c.action !== undefined) ? sent : null;
}

const classes = (n: number) => `${n} ${n === 1 ? 'class' : 'classes'}`;

/** What confirming will do, in words: "2 classes moved to the end of their courses, 1 cancelled". */
export function describeChoices(actions: ClosureClassAction[]): string {
  const moved = actions.filter((a) => a === 'move').length;
  const cancelled = actions.length - moved;
  const parts = [
    moved > 0 ? `${classes(moved)} moved to the end of ${moved === 1 ? 'its course' : 'their courses'}` : '',
    cancelled > 0 ? (moved > 0 ? `${cancelled} cancelled` : `${classes(cancelled)} cancelled`) : '',
  ].filter(Boolean);
  return parts.join(', ');
}

/** The success message after saving: the closure, then what happened to its classes. */
export function savedMessage(savedText: string, changes: ClosureClassChange[]): string {
  if (changes.length === 0) return savedText;
  return `${savedText}: ${describeChoices(changes.map((c) => c.action))}`;
}

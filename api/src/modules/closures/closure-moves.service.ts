import { CLASS_MESSAGES, type Clash } from '@rollbook/shared-types/classes';
import {
  CLOSURE_MAX_CLASSES, CLOSURE_MESSAGES, validateClosureForm, type ClosureClassChange, type ClosureForm, type ClosurePreview,
  type ClosureSaveRequest, type ClosureSaveResponse, type ClosureUpsertRequest,
} from '@rollbook/shared-types/closures';
import { showDate } from '@rollbook/shared-types/display-dates';
import type { Kysely } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { DB } from '../../db/database.js';
import { AppError, badRequest, notFound, ruleViolation } from '../../lib/app-error.js';
import type { Principal } from '../../plugins/auth.js';
import { queueClassChangeEmails, type ClassChange } from '../class-emails/class-change-emails.js';
import { deleteClass } from '../classes/classes.service.js';
import { lockCoursesMinutes } from '../classes/classes.repository.js';
import { moveClassToEnd } from '../classes/reschedule.service.js';
import { moveRefusal } from '../courses/course-minutes.js';
import { classesOnDates, type ClassOnClosure } from './closure-classes.repository.js';
import { closedOnFrom, findClosure, insertClosure, updateClosure } from './closures.repository.js';

// A closure over classes already scheduled: the admin is shown them (preview) and chooses, for each
// class that can move, to move it to the end of its course or to cancel it; saving the closure and
// every choice is one transaction. Moves and cancellations go through the class services the rest
// of the app uses (move to end, delete), so the sync change log, the audit trail and the
// class-change e-mails see them as any other change.

function checkedForm(body: ClosureUpsertRequest): ClosureForm {
  const checked = validateClosureForm(body);
  if (!checked.value) throw badRequest(Object.values(checked.fieldErrors)[0]?.[0] ?? CLOSURE_MESSAGES.name, checked.fieldErrors);
  return checked.value;
}

async function classesOnClosure(db: Kysely<DB>, form: ClosureForm): Promise<ClassOnClosure[]> {
  const classes = await classesOnDates(db, form.fromDate, form.toDate);
  if (classes.length > CLOSURE_MAX_CLASSES) throw badRequest(CLOSURE_MESSAGES.tooManyClasses);
  return classes;
}

/** What the admin is shown of a class (the rest is for the save). */
const shown = ({ startsAt: _startsAt, endsAt: _endsAt, roomId: _roomId, classLength: _classLength, ...rest }: ClassOnClosure) => rest;

/** The classes on the closure's dates, each with whether it can be moved. Writes nothing. */
export async function previewClosure(db: Db, body: ClosureUpsertRequest): Promise<ClosurePreview> {
  const form = checkedForm(body);
  const classes = await classesOnClosure(db, form);
  return {
    fromDate: form.fromDate, toDate: form.toDate, fromDateString: showDate(form.fromDate), toDateString: showDate(form.toDate),
    classes: classes.map(shown),
  };
}

export type ClosureSaveOutcome = { kind: 'saved'; result: ClosureSaveResponse } | { kind: 'clashes'; clashes: Clash[] };

/** Thrown inside the transaction so that nothing of it stays; answered as a 409 with the clashes. */
class Clashes extends Error {
  constructor(readonly clashes: Clash[]) {
    super(CLASS_MESSAGES.clash);
  }
}

/** Every class that can move has a choice, and no choice names another class. */
function checkChoices(onDates: ClassOnClosure[], body: ClosureSaveRequest): void {
  const choices = body.classes ?? [];
  const byId = new Map(onDates.map((c) => [c.classId, c]));
  if (choices.some((choice) => byId.get(choice.classId)?.canMove === false)) throw ruleViolation(CLASS_MESSAGES.markedOrPaid, 'CLASS_LOCKED');
  const chosen = new Set(choices.map((choice) => choice.classId));
  const unchosen = onDates.some((c) => c.canMove && !chosen.has(c.classId));
  if (choices.some((choice) => !byId.has(choice.classId)) || unchosen) {
    throw new AppError(409, 'CLOSURE_CLASSES', choices.length === 0 ? CLOSURE_MESSAGES.chooseForEachClass : CLOSURE_MESSAGES.classesChanged);
  }
}

/** Moving keeps a class's minutes: a course already past what it bought (after this closure's cancellations) can not keep it. */
async function refuseMovesPastMinutes(trx: Kysely<DB>, moves: ClassOnClosure[], cancels: ClassOnClosure[]): Promise<void> {
  for (const [courseId, minutes] of await lockCoursesMinutes(trx, moves.map((c) => c.courseId))) {
    const freed = cancels.filter((c) => c.courseId === courseId).reduce((sum, c) => sum + c.classLength, 0);
    const refusal = moveRefusal({ ...minutes, totalClassLength: minutes.totalClassLength - freed });
    if (refusal) throw ruleViolation(refusal, 'NOT_ENOUGH_MINUTES');
  }
}

/**
 * Adds or changes a closure and moves or cancels the classes on its dates as chosen: all of it, or
 * (a refusal, a double booking not allowed) none of it. Marked and Paid classes are never touched.
 */
export async function saveClosureWithClasses(db: Db, principal: Principal, body: ClosureSaveRequest): Promise<ClosureSaveOutcome> {
  const form = checkedForm(body);
  try {
    return await db.transaction().execute(async (trx) => {
      let closureId = body.closureId ?? 0;
      if (closureId > 0) {
        if (!(await updateClosure(trx, closureId, form))) throw notFound(CLOSURE_MESSAGES.notFound);
      } else {
        closureId = await insertClosure(trx, form);
      }
      const onDates = await classesOnClosure(trx, form);
      checkChoices(onDates, body);
      const action = new Map((body.classes ?? []).map((choice) => [choice.classId, choice.action]));
      const moves = onDates.filter((c) => action.get(c.classId) === 'move');
      const cancels = onDates.filter((c) => action.get(c.classId) === 'cancel');
      await refuseMovesPastMinutes(trx, moves, cancels);

      // Moved in date order, each after its series' last class: the closure is already saved in
      // this transaction, so none lands on its days. Cancelled classes are deleted last, after
      // their e-mails are written (their registers go with them).
      const emails: ClassChange[] = cancels.map((c) => ({ classId: c.classId, before: c, after: null }));
      // Every class moves past its series' last class, on or after this closure's first day.
      const closedOn = await closedOnFrom(trx, form.fromDate);
      const moveOptions = { emailBatch: emails, closedOn };
      const clashes = new Map<string, Clash>();
      const changes: ClosureClassChange[] = [];
      for (const c of moves) {
        let outcome = await moveClassToEnd(trx, principal, c.classId, { ...moveOptions, allowClashes: body.allowClashes });
        if (outcome.kind === 'clashes') {
          for (const clash of outcome.clashes) clashes.set(`${clash.kind}:${clash.classId}`, clash);
          // Moved anyway, so the classes after it are placed (and checked) as they would be.
          outcome = await moveClassToEnd(trx, principal, c.classId, { ...moveOptions, allowClashes: true });
        }
        if (outcome.kind !== 'applied') throw new Error('a move allowed to clash reported clashes');
        changes.push({ classId: c.classId, course: c.course, action: 'move', wasDateString: c.classDateString, nowDateString: outcome.classItem.classDateString });
      }
      if (clashes.size > 0) throw new Clashes([...clashes.values()]);
      await queueClassChangeEmails(trx, emails);
      for (const c of cancels) {
        await deleteClass(trx, principal, c.classId, { studentsTold: true });
        changes.push({ classId: c.classId, course: c.course, action: 'cancel', wasDateString: c.classDateString, nowDateString: null });
      }
      const closure = await findClosure(trx, closureId);
      if (!closure) throw notFound(CLOSURE_MESSAGES.notFound);
      return { kind: 'saved' as const, result: { ...closure, changes } };
    });
  } catch (err) {
    if (err instanceof Clashes) return { kind: 'clashes', clashes: err.clashes.sort((a, b) => a.startsAt.localeCompare(b.startsAt)) };
    throw err;
  }
}

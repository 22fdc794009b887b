import { addDays, londonInstant } from './calendar.js';
import { scaled, type SeedContext } from './seed-plan.js';

const STUDENT_NOTES = [
  ['Placement test', 'Placement test result B1; strong reading, weaker listening.'],
  ['Invoice query', 'Company asked for the invoice to be split by cost centre.'],
  ['Availability', 'Cannot attend Friday classes during the summer term.'],
  ['Goal', 'Needs IELTS 6.5 overall for a university application in September.'],
  ['Feedback', 'Very happy with the course; would like more speaking practice.'],
  ['Absence', 'Away for three weeks on business travel; send homework by e-mail.'],
];
const TEACHER_NOTES = [
  ['Observation', 'Lesson observation went well: clear staging, good concept checking.'],
  ['Availability', 'Not available on Wednesday afternoons this term.'],
  ['Training', 'Completed the online safeguarding refresher.'],
  ['Cover', 'Happy to cover evening classes at short notice.'],
];
const GENERAL_NOTES = [
  ['Christmas closure', 'The centre is closed from 24 December to 2 January; classes resume on the 3rd.'],
  ['Fire drill', 'Fire drill on Thursday at 10:00. Please take registers outside with you.'],
  ['New photocopier', 'The new photocopier on the first floor needs your staff PIN.'],
  ['Course books', 'New stock of course books for B1 and B2 has arrived; ask reception.'],
  ['Settlement reports', 'Please mark all classes by the 2nd of each month so settlement reports can be raised.'],
  ['Wi-Fi', 'Guest Wi-Fi password changes every Monday; it is on the reception board.'],
];

/** Notes on students (type 1) and teachers (type 2), and the school's general notes (type 3, entity 1). */
export function planNotes(ctx: SeedContext, adminUserId: number): void {
  const random = ctx.random.fork('notes');
  const add = (entityTypeId: number, entityId: number, [title, text]: string[], daysAgo: number) =>
    ctx.rows.notes.push({
      noteId: ctx.rows.notes.length + 1, entityTypeId, entityId, title: title as string, text: text as string, createdBy: adminUserId,
      createdAt: londonInstant(addDays(ctx.today, -daysAgo), `${String(random.int(9, 17)).padStart(2, '0')}:${random.pick(['05', '20', '35', '50'])}`),
    });
  // The demo student and teachers always have one, so their pages show the feature.
  add(1, 1, STUDENT_NOTES[0] as string[], 40);
  add(2, 1, TEACHER_NOTES[0] as string[], 25);
  add(2, 2, TEACHER_NOTES[1] as string[], 12);
  const students = ctx.rows.students.length;
  const teachers = ctx.rows.teachers.length;
  for (let i = 0; i < scaled(ctx, 10); i++) add(1, random.int(2, students), random.pick(STUDENT_NOTES), random.int(1, 300));
  for (let i = 0; i < scaled(ctx, 4); i++) add(2, random.int(1, teachers), random.pick(TEACHER_NOTES), random.int(1, 300));
  GENERAL_NOTES.forEach((note, i) => add(3, 1, note, 3 + i * 17));
}

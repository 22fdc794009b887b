import type { Migration } from 'kysely/migration';
import * as lookups from './2026_11_22_000100_lookups.js';
import * as changeTracking from './2026_11_22_000200_change_tracking.js';
import * as users from './2026_11_22_000300_users.js';
import * as companiesAndRooms from './2026_11_22_000400_companies_and_rooms.js';
import * as people from './2026_11_22_000500_people.js';
import * as courses from './2026_11_22_000600_courses.js';
import * as classes from './2026_11_22_000700_classes.js';
import * as notesAndFiles from './2026_11_22_000800_notes_and_files.js';
import * as payments from './2026_11_22_000900_payments.js';
import * as sync from './2026_11_22_001000_sync.js';
import * as syncConflictTracking from './2026_11_22_001100_sync_conflict_tracking.js';
import * as changeXid from './2026_11_22_001200_change_xid.js';
import * as courseClassTotals from './2026_11_22_001300_course_class_totals.js';
import * as classHandovers from './2026_11_22_001400_class_handovers.js';
import * as courseClosingStarts from './2026_11_22_001500_course_closing_starts.js';
import * as syncPruneMarks from './2026_11_22_001600_sync_prune_marks.js';

// Listed statically (not read from disk) so the bundled server carries its migrations with it.
export const migrations: Record<string, Migration> = {
  '2026_11_22_000100_lookups': lookups,
  '2026_11_22_000200_change_tracking': changeTracking,
  '2026_11_22_000300_users': users,
  '2026_11_22_000400_companies_and_rooms': companiesAndRooms,
  '2026_11_22_000500_people': people,
  '2026_11_22_000600_courses': courses,
  '2026_11_22_000700_classes': classes,
  '2026_11_22_000800_notes_and_files': notesAndFiles,
  '2026_11_22_000900_payments': payments,
  '2026_11_22_001000_sync': sync,
  '2026_11_22_001100_sync_conflict_tracking': syncConflictTracking,
  '2026_11_22_001200_change_xid': changeXid,
  '2026_11_22_001300_course_class_totals': courseClassTotals,
  '2026_11_22_001400_class_handovers': classHandovers,
  '2026_11_22_001500_course_closing_starts': courseClosingStarts,
  '2026_11_22_001600_sync_prune_marks': syncPruneMarks,
};

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
import * as instanceSecrets from './2026_11_25_090100_instance_secrets.js';
import * as fileBlobs from './2026_11_25_090200_file_blobs.js';
import * as userStateNotify from './2026_11_25_090300_user_state_notify.js';
import * as attemptCounters from './2026_11_25_090400_attempt_counters.js';
import * as jobRuns from './2026_11_25_090500_job_runs.js';
import * as appVersions from './2026_11_25_090600_app_versions.js';
import * as noticeTickets from './2026_11_25_090700_notice_tickets.js';
import * as classDayTotals from './2026_11_25_101500_class_day_totals.js';
import * as externalIds from './2026_11_26_090000_external_ids.js';
import * as closures from './2026_11_27_100000_closures.js';
import * as schoolSettings from './2026_11_27_110000_school_settings.js';
import * as studentCourseAttendance from './2026_11_27_110100_student_course_attendance.js';
import * as calendarFeeds from './2026_11_27_120000_calendar_feeds.js';
import * as classChangeEmailsOptOut from './2026_11_27_130000_class_change_emails_opt_out.js';
import * as mailOutbox from './2026_11_27_130100_mail_outbox.js';
import * as auditTrail from './2026_11_27_140000_audit_trail.js';
import * as auditNotForGeneratedSchools from './2026_11_27_140100_audit_not_for_generated_schools.js';
import * as syncEpoch from './2026_11_28_130000_sync_epoch.js';
import * as companyListOrder from './2026_11_28_140000_company_list_order.js';
import * as roomListOrder from './2026_11_28_140100_room_list_order.js';
import * as paymentHeaderCounts from './2026_11_28_140200_payment_header_counts.js';
import * as peopleListOrder from './2026_11_28_140300_people_list_order.js';
import * as noteAndFileListOrder from './2026_11_28_140400_note_and_file_list_order.js';
import * as classListOrder from './2026_11_28_140500_class_list_order.js';
import * as attendanceWarningState from './2026_11_29_100000_attendance_warning_state.js';
import * as courseTileFacts from './2026_11_29_110000_course_tile_facts.js';
import * as dashboardTileCounts from './2026_11_30_100000_dashboard_tile_counts.js';
import * as dashboardChartCounts from './2026_12_07_100000_dashboard_chart_counts.js';
import * as unmarkedClassesByTeacherIndex from './2026_12_07_110000_unmarked_classes_by_teacher_index.js';

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
  '2026_11_25_090100_instance_secrets': instanceSecrets,
  '2026_11_25_090200_file_blobs': fileBlobs,
  '2026_11_25_090300_user_state_notify': userStateNotify,
  '2026_11_25_090400_attempt_counters': attemptCounters,
  '2026_11_25_090500_job_runs': jobRuns,
  '2026_11_25_090600_app_versions': appVersions,
  '2026_11_25_090700_notice_tickets': noticeTickets,
  '2026_11_25_101500_class_day_totals': classDayTotals,
  '2026_11_26_090000_external_ids': externalIds,
  '2026_11_27_100000_closures': closures,
  '2026_11_27_110000_school_settings': schoolSettings,
  '2026_11_27_110100_student_course_attendance': studentCourseAttendance,
  '2026_11_27_120000_calendar_feeds': calendarFeeds,
  '2026_11_27_130000_class_change_emails_opt_out': classChangeEmailsOptOut,
  '2026_11_27_130100_mail_outbox': mailOutbox,
  '2026_11_27_140000_audit_trail': auditTrail,
  '2026_11_27_140100_audit_not_for_generated_schools': auditNotForGeneratedSchools,
  '2026_11_28_130000_sync_epoch': syncEpoch,
  '2026_11_28_140000_company_list_order': companyListOrder,
  '2026_11_28_140100_room_list_order': roomListOrder,
  '2026_11_28_140200_payment_header_counts': paymentHeaderCounts,
  '2026_11_28_140300_people_list_order': peopleListOrder,
  '2026_11_28_140400_note_and_file_list_order': noteAndFileListOrder,
  '2026_11_28_140500_class_list_order': classListOrder,
  '2026_11_29_100000_attendance_warning_state': attendanceWarningState,
  '2026_11_29_110000_course_tile_facts': courseTileFacts,
  '2026_11_30_100000_dashboard_tile_counts': dashboardTileCounts,
  '2026_12_07_100000_dashboard_chart_counts': dashboardChartCounts,
  '2026_12_07_110000_unmarked_classes_by_teacher_index': unmarkedClassesByTeacherIndex,
};

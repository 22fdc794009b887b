// What the statements that build a teacher's pull answer in PostgreSQL (the pull itself and the
// bench's ideal of it) write alike: the "changed since the cursor" test, and the answer's register
// lines, places and students as json_build_object arguments (the fields of SyncAttendanceSchema,
// SyncEnrolmentSchema and SyncStudentSchema).

/** `alias` changed since the cursor ($2: its seq, $3: its horizon), as pull.repository.ts's changedSince writes it. */
export const changedSinceCursor = (alias: string) => `(${alias}.change_seq > $2 or ${alias}.change_xid >= $3::xid8)`;

/** A register line of class_attendance (or a set of its columns) aliased `a`. */
export const syncLineFields = (a: string) => `'classId', ${a}.class_id, 'studentId', ${a}.student_id, 'statusId', ${a}.status_id, 'version', ${a}.version`;

/** A place of enrolments (or a set of its columns) aliased `e`. */
export const syncPlaceFields = (e: string) => `'courseId', ${e}.course_id, 'studentId', ${e}.student_id, 'statusId', ${e}.status_id`;

/** A student of students aliased `s`, with their company's name. */
export const syncStudentFields = (s: string) => `'studentId', ${s}.student_id, 'firstName', ${s}.first_name, 'lastName', ${s}.last_name,
      'email', ${s}.email, 'mobile', ${s}.mobile, 'landline', ${s}.landline, 'companyId', ${s}.company_id,
      'company', (select x.name from companies x where x.company_id = ${s}.company_id)`;

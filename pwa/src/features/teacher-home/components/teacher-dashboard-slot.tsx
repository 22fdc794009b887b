/**
 * Where the teacher dashboard figures go (earnings this month, classes to mark, classes this week,
 * settlement reports: spec §2.12). The money feature fills this in; until then it shows nothing.
 */
export function TeacherDashboardSlot() {
  return null;
}

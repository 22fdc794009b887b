// Query keys of the admin dashboard. Every key starts with 'dashboard': live notices and the
// Payments screen's raise and delete refresh everything under that root.
export const dashboardKeys = {
  countStats: ['dashboard', 'count-stats'] as const,
  /** The attendance warnings tile; the warnings page refreshes everything under 'dashboard' when the threshold changes. */
  attendanceWarningCount: ['dashboard', 'attendance-warning-count'] as const,
  teachersUnmarked: (page: number) => ['dashboard', 'teachers-unmarked', page] as const,
  /** A page of a period's classes: the first (after null) or the one after a page's cursor. */
  classesInPeriod: (period: string, after: string | null) => ['dashboard', 'classes-in-period', period, after] as const,
  subjectPercentages: ['dashboard', 'subject-percentages'] as const,
  classMonthlyCount: ['dashboard', 'class-monthly-count'] as const,
  studentMonthlyCount: ['dashboard', 'student-monthly-count'] as const,
};

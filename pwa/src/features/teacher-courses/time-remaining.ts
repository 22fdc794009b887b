/** The time-remaining badge of a course card: hours and minutes left, or 'Course completed'. */
export function timeRemainingText(minsRemaining: number): string {
  if (minsRemaining <= 0) return 'Course completed';
  const hours = Math.floor(minsRemaining / 60);
  const minutes = minsRemaining % 60;
  return `${hours}h ${minutes}m left`;
}

import { useSession } from '../../../lib/use-session';
import { CalendarFeedSettings } from './calendar-feed-settings';

/** The "Calendar feed" section, for logins that have classes of their own (teachers and students). */
export function CalendarFeedSection() {
  const user = useSession();
  const hasClasses = user?.roles.some((role) => /^(teacher|student)$/i.test(role.name)) ?? false;
  if (!hasClasses) return null;
  return (
    <section aria-labelledby="calendar-feed">
      <h2 id="calendar-feed">Calendar feed</h2>
      <CalendarFeedSettings />
    </section>
  );
}

/** TanStack Query keys of the profile feature (the signed-in user's own data). */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  consents: () => [...profileKeys.all, 'consents'] as const,
  classChangeEmails: () => [...profileKeys.all, 'class-change-emails'] as const,
  calendarFeed: () => [...profileKeys.all, 'calendar-feed'] as const,
};

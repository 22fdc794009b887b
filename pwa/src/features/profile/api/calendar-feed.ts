import { CalendarFeedCreatedSchema, CalendarFeedStatusSchema } from '@rollbook/shared-types/calendar-feeds';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { putQueryAnswer } from '../../../lib/put-query-answer';
import { profileKeys } from './query-keys';

const FEED = '/api/calendar/feed';

/** GET /api/calendar/feed: whether the caller's private calendar feed is live (its URL is not: only a hash is kept). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({ queryKey: profileKeys.calendarFeed(), queryFn: ({ signal }) => apiRequest(FEED, CalendarFeedStatusSchema, { signal }), enabled });
}

/** POST /api/calendar/feed: a new feed URL (the only time it is shown); any earlier URL stops working. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(FEED, CalendarFeedCreatedSchema, { method: 'POST' }),
    onSuccess: ({ createdAt }) => putQueryAnswer(queryClient, profileKeys.calendarFeed(), { active: true, createdAt, lastFetchedAt: null }),
  });
}

/** DELETE /api/calendar/feed: stop sharing; the URL answers 404. */
export function useStopCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(FEED, CalendarFeedStatusSchema, { method: 'DELETE' }),
    onSuccess: (status) => putQueryAnswer(queryClient, profileKeys.calendarFeed(), status),
  });
}

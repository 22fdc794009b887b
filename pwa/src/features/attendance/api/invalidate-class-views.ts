import type { QueryClient } from '@tanstack/react-query';
import { schedulingKeys } from '../../../lookups/lookup-keys';

/** A class changed: lists of classes, courses' figures and calendars all show it. */
export const invalidateClassViews = (queryClient: QueryClient) =>
  Promise.all([schedulingKeys.classes, schedulingKeys.courses, schedulingKeys.calendar].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Writes a save's answer as the new data of the query it changed. A fetch of that query already in
 * flight read the server before the save committed; landing after the answer it would put the old
 * value back on screen (a ticked box unticking itself), so it is cancelled first.
 */
export async function putQueryAnswer<T>(queryClient: QueryClient, queryKey: QueryKey, answer: T): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  queryClient.setQueryData(queryKey, answer);
}

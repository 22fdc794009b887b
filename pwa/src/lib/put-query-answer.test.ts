import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { putQueryAnswer } from './put-query-answer';

describe('putQueryAnswer', () => {
  it('keeps the save\'s answer when a fetch begun before the save lands after it', async () => {
    const queryClient = new QueryClient();
    const key = ['setting'];
    queryClient.setQueryData(key, { on: true });
    let answerStaleRead!: (value: { on: boolean }) => void;
    const staleRead = new Promise<{ on: boolean }>((resolve) => { answerStaleRead = resolve; });
    const fetching = queryClient.fetchQuery({ queryKey: key, queryFn: () => staleRead, staleTime: 0 }).catch(() => undefined);

    await putQueryAnswer(queryClient, key, { on: false });
    answerStaleRead({ on: true });
    await fetching;

    expect(queryClient.getQueryData(key)).toEqual({ on: false });
  });

  it('writes the answer when nothing is being fetched', async () => {
    const queryClient = new QueryClient();
    await putQueryAnswer(queryClient, ['setting'], { on: false });
    expect(queryClient.getQueryData(['setting'])).toEqual({ on: false });
  });
});

import { act, render } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstCommit } from './use-after-first-commit';

// What a page shows only after its first commit is attached in a commit of its own, one per step.

function Stages() {
  const second = useAfterFirstCommit();
  const third = useAfterFirstCommit(2);
  return <p>{`${second ? 'filters' : '-'} ${third ? 'table' : '-'}`}</p>;
}

describe('useAfterFirstCommit', () => {
  it('turns true one commit after the first, or as many as asked, and stays true', async () => {
    const seen: string[] = [];
    let view: ReturnType<typeof render> | undefined;
    await act(async () => {
      view = render(
        <Profiler id="stages" onRender={() => seen.push(document.querySelector('p')?.textContent ?? '')}>
          <Stages />
        </Profiler>,
      );
    });
    expect(seen).toEqual(['- -', 'filters -', 'filters table']);
    await act(async () => {
      view?.rerender(
        <Profiler id="stages" onRender={() => seen.push(document.querySelector('p')?.textContent ?? '')}>
          <Stages />
        </Profiler>,
      );
    });
    expect(seen.at(-1)).toBe('filters table');
  });
});

import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useStagedCount } from './use-staged-count';

function Parts({ total, name = '' }: { total: number; name?: string }) {
  const shown = useStagedCount(total, 2, 2);
  return <p>{`${name}${shown} of ${total}`}</p>;
}

/** Lets the pending timer (the browser's turn) fire, and React commit what it set. */
const nextTask = () => act(() => vi.advanceTimersToNextTimer());

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a page shown in parts, a few per task', () => {
  it('shows the first parts at once and the rest a step per task, until all are shown', async () => {
    render(<Parts total={5} />);
    expect(screen.getByText('2 of 5')).toBeTruthy();
    await nextTask();
    expect(screen.getByText('4 of 5')).toBeTruthy();
    await nextTask();
    expect(screen.getByText('5 of 5')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for a list that is still loading, then stages it as it arrives', async () => {
    const { rerender } = render(<Parts total={0} />);
    expect(screen.getByText('0 of 0')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
    rerender(<Parts total={3} />);
    expect(screen.getByText('2 of 3')).toBeTruthy();
    await nextTask();
    expect(screen.getByText('3 of 3')).toBeTruthy();
  });

  it('shows a longer list at once after the first has been shown (only the opening is staged)', async () => {
    const { rerender } = render(<Parts total={4} />);
    await nextTask();
    expect(screen.getByText('4 of 4')).toBeTruthy();
    rerender(<Parts total={3} />);
    expect(screen.getByText('3 of 3')).toBeTruthy();
    rerender(<Parts total={4} />);
    expect(screen.getByText('4 of 4')).toBeTruthy();
  });

  it('gives each staged part of a page a task of its own, in the order they were mounted', async () => {
    render(
      <>
        <Parts name="a: " total={4} />
        <Parts name="b: " total={4} />
      </>,
    );
    await nextTask();
    expect(screen.getByText('a: 4 of 4')).toBeTruthy();
    expect(screen.getByText('b: 2 of 4')).toBeTruthy();
    await nextTask();
    expect(screen.getByText('b: 4 of 4')).toBeTruthy();
  });
});

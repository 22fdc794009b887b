import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPage } from './after-first-page';

describe('afterFirstPage', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'readyState');
    vi.useRealTimers();
  });

  it('starts the task only once the page has loaded and the browser is idle, and gives its result', async () => {
    vi.useFakeTimers();
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const task = vi.fn(() => Promise.resolve('persisted'));
    const result = afterFirstPage(task);
    await vi.advanceTimersByTimeAsync(5000);
    expect(task).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(1);
    await expect(result).resolves.toBe('persisted');
  });

  it('starts at once (when idle) on a page that has already loaded, and passes on a failure', async () => {
    const result = afterFirstPage(() => Promise.reject(new Error('no storage manager')));
    await expect(result).rejects.toThrow('no storage manager');
  });
});

import type { Notice } from '@rollbook/shared-types/notices';
import { describe, expect, it, vi } from 'vitest';
import { createNoticeHub } from './notice-hub';

describe('createNoticeHub', () => {
  it('shares one stream between screens, hands each notice to one listener, and closes with the last', () => {
    let deliver: (notice: Notice) => void = () => undefined;
    const stop = vi.fn();
    const start = vi.fn();
    const factory = vi.fn((onNotice: (notice: Notice) => void) => {
      deliver = onNotice;
      return { start, stop };
    });
    const hub = createNoticeHub(factory);
    const first = vi.fn();
    const second = vi.fn();
    const leaveFirst = hub.subscribe(first);
    const leaveSecond = hub.subscribe(second);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledTimes(1);

    const notice: Notice = { type: 'settlement-raised', paymentHeaderId: 3, teacherIds: [1] };
    deliver(notice);
    expect(first).toHaveBeenCalledWith(notice);
    expect(second).not.toHaveBeenCalled();

    leaveFirst();
    deliver(notice);
    expect(second).toHaveBeenCalledTimes(1);
    expect(stop).not.toHaveBeenCalled();
    leaveSecond();
    expect(stop).toHaveBeenCalledTimes(1);

    hub.subscribe(first);
    expect(factory).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it } from 'vitest';
import { createVersionWatch } from './version-watch';

describe('the version watch', () => {
  it('reports no change while the server keeps its first version', () => {
    const watch = createVersionWatch();
    expect(watch.observe('1.0.0+a')).toBe(false);
    expect(watch.observe('1.0.0+a')).toBe(false);
  });

  it('reports a change once the server version differs from the first one seen', () => {
    const watch = createVersionWatch();
    watch.observe('1.0.0+a');
    expect(watch.observe('1.0.0+b')).toBe(true);
  });

  it('compares with the first version seen, not the previous one', () => {
    const watch = createVersionWatch();
    watch.observe('1.0.0+a');
    watch.observe('1.0.0+b');
    expect(watch.observe('1.0.0+b')).toBe(true);
    expect(watch.observe('1.0.0+a')).toBe(false);
  });
});

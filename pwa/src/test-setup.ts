import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy and waitFor give up after 1 s by default; the whole suite runs beside the browser tests
// on two cores, where a first render of Ionic can take longer. A passing wait returns as soon as
// it holds, so only a failing one takes the longer time.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library unmounts what a test rendered only when vitest's globals are on, and they are
// not: a screen left mounted keeps its low-priority (deferred) renders queued in React's scheduler,
// which then run after the file's jsdom is gone ("window is not defined"). Unmount after each test.
afterEach(cleanup);

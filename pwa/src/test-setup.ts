import { configure } from '@testing-library/react';

// findBy and waitFor give up after 1 s by default; the whole suite runs beside the browser tests
// on two cores, where a first render of Ionic can take longer. A passing wait returns as soon as
// it holds, so only a failing one takes the longer time.
configure({ asyncUtilTimeout: 10_000 });

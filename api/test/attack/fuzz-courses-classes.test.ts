import { fuzzGroup } from './fuzz-harness.js';

fuzzGroup('courses-classes');

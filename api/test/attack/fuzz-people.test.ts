import { fuzzGroup } from './fuzz-harness.js';

fuzzGroup('people');

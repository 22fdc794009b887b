import { fuzzGroup } from './fuzz-harness.js';

fuzzGroup('places-lookups');

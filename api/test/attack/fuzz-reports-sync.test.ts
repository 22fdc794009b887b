import { fuzzGroup } from './fuzz-harness.js';

fuzzGroup('reports-sync');

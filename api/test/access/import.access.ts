import type { AccessCase } from './access-case.js';

// CSV import is the admin's alone. The matrix sends JSON: an admin passes the access check and is
// told to send the file as multipart/form-data (415); everyone else is refused before the body is read.
export const cases: AccessCase[] = (['Preview', 'Run'] as const).map((step): AccessCase => ({
  method: 'POST', route: `/api/import/${step}`,
  request: () => ({ url: `/api/import/${step}?kind=students`, payload: { file: 'First name,Last name' } }),
  expect: { admin: 415, teacher: 403, teacher2: 403, student: 403 },
}));

import type { AccessCase } from './access-case.js';
import { onlyFor } from './access-case.js';

export const cases: AccessCase[] = [
  {
    method: 'GET',
    route: '/api/infra/GetVersionNumber',
    public: true,
    request: () => ({ url: '/api/infra/GetVersionNumber' }),
    expect: onlyFor('admin', 'teacher', 'teacher2', 'student'),
  },
  {
    method: 'GET',
    route: '/api/infra/Health',
    public: true,
    request: () => ({ url: '/api/infra/Health' }),
    expect: onlyFor('admin', 'teacher', 'teacher2', 'student'),
  },
  {
    method: 'POST',
    route: '/api/users/authenticate',
    public: true,
    // A wrong password for every caller: the route is public, the answer is the same 401.
    request: () => ({ url: '/api/users/authenticate', payload: { username: 'admin', password: 'not-the-password' } }),
    expect: { admin: 401, teacher: 401, teacher2: 401, student: 401 },
  },
];

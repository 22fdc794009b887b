import type { SignedInUser } from '@rollbook/shared-types/auth';
import type { Principal } from '../../../api/src/plugins/auth.js';

// The demo sign-ins (api/src/seed/demo-users.ts). The API side uses the token; the raw SQL side
// calls the services with the principal the API would have built from it.

export const DEMO_PASSWORD = 'demo1234';

export interface SignedIn {
  token: string;
  principal: Principal;
}

export async function signIn(baseUrl: string, username: string): Promise<SignedIn> {
  const res = await fetch(`${baseUrl}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`Signing in as ${username} answered ${res.status}: ${await res.text()}`);
  const user = (await res.json()) as SignedInUser;
  const entity = (name: string) => user.roles.find((r) => r.name === name)?.entityId ?? null;
  return {
    token: user.token,
    principal: {
      userId: user.userId,
      roles: user.roles,
      isAdmin: user.roles.some((r) => r.name === 'CompanyAdmin'),
      teacherId: entity('Teacher'),
      studentId: entity('Student'),
    },
  };
}

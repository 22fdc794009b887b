import { LOGIN_PATH, loginPathFor, returnUrlFrom } from '../lib/return-url';
import type { SessionState } from '../lib/session';
import { isPublicPath } from './route-table';

type LocationLike = { pathname: string; search: string; hash: string };

/**
 * Where the router must send the browser, or null to show the location as it is:
 * signed-out visitors of any non-public path go to /login?returnUrl=…, and a signed-in
 * visitor of /login (which is how sign-in completes) goes on to the returnUrl. A teacher or
 * student whose token expired stays where they are (their pages work from the phone's copy, and
 * /login is open to them to sign in again).
 */
export function redirectFor(location: LocationLike, state: SessionState): string | null {
  if (state === 'expired-offline-capable') return null;
  if (state === 'signed-out') return isPublicPath(location.pathname) ? null : loginPathFor(location);
  const onLoginPage = location.pathname.toLowerCase().replace(/\/+$/, '') === LOGIN_PATH;
  return onLoginPage ? returnUrlFrom(location.search) : null;
}

/** The sign-in prompt shows over the pages of an expired teacher or student (not on /login itself). */
export function showsExpiredPrompt(location: Pick<LocationLike, 'pathname'>, state: SessionState): boolean {
  return state === 'expired-offline-capable' && !isPublicPath(location.pathname);
}

import { LOGIN_PATH, loginPathFor, returnUrlFrom } from '../lib/return-url';
import { isPublicPath } from './route-table';

type LocationLike = { pathname: string; search: string; hash: string };

/**
 * Where the router must send the browser, or null to show the location as it is:
 * signed-out visitors of any non-public path go to /login?returnUrl=…, and a signed-in
 * visitor of /login (which is how sign-in completes) goes on to the returnUrl.
 */
export function redirectFor(location: LocationLike, signedIn: boolean): string | null {
  if (!signedIn) return isPublicPath(location.pathname) ? null : loginPathFor(location);
  const onLoginPage = location.pathname.toLowerCase().replace(/\/+$/, '') === LOGIN_PATH;
  return onLoginPage ? returnUrlFrom(location.search) : null;
}

export const LOGIN_PATH = '/login';
const RETURN_URL_PARAM = 'returnUrl';

type LocationLike = { pathname: string; search?: string; hash?: string };

/**
 * Only same-origin paths may be returned to: "//host" and "/\host" are
 * protocol-relative URLs to another site, and returning to /login would loop.
 */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (pathname.toLowerCase() === LOGIN_PATH) return '/';
  return value;
}

/** Where to send a signed-out visitor of `location`, remembering it for after sign-in. */
export function loginPathFor(location: LocationLike): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (safeReturnUrl(target) === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ [RETURN_URL_PARAM]: target })}`;
}

/** The page to open after signing in on /login?returnUrl=… */
export function returnUrlFrom(search: string): string {
  return safeReturnUrl(new URLSearchParams(search).get(RETURN_URL_PARAM));
}

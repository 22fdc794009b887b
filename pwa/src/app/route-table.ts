/** Routes anyone may open; every other route needs a signed-in user. */
export const PUBLIC_PATHS = ['/login', '/signup', '/forgotpassword'] as const;

const normalise = (pathname: string) => pathname.toLowerCase().replace(/\/+$/, '') || '/';

export function isPublicPath(pathname: string): boolean {
  const path = normalise(pathname);
  return PUBLIC_PATHS.some((publicPath) => publicPath === path);
}

/** Spec: any path containing printpaymentreport or printstudentattendence is a print page. */
export function isPrintPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path.includes('printpaymentreport') || path.includes('printstudentattendence');
}

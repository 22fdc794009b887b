import { describe, expect, it } from 'vitest';
import { redirectFor } from './route-guard';
import { isPrintPath, isPublicPath, PLACEHOLDER_ROUTES } from './route-table';

const at = (url: string) => {
  const parsed = new URL(url, 'http://rollbook.test');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
};

describe('redirectFor', () => {
  it('sends a signed-out visitor of a protected page to /login, remembering the page', () => {
    expect(redirectFor(at('/Classes?statusId=2'), false)).toBe('/login?returnUrl=%2FClasses%3FstatusId%3D2');
  });

  it('sends a signed-out visitor of the home page to plain /login', () => {
    expect(redirectFor(at('/'), false)).toBe('/login');
  });

  it.each(['/login', '/signup', '/forgotpassword', '/ForgotPassword', '/signup/'])(
    'lets a signed-out visitor open the public page %s',
    (path) => {
      expect(redirectFor(at(path), false)).toBeNull();
    },
  );

  it('sends a signed-in visitor of /login on to the remembered page', () => {
    expect(redirectFor(at('/login?returnUrl=%2Fcourses%3FstatusId%3D1'), true)).toBe('/courses?statusId=1');
  });

  it('sends a signed-in visitor of /login without a remembered page home', () => {
    expect(redirectFor(at('/login'), true)).toBe('/');
  });

  it('never sends a signed-in user to another site after sign-in', () => {
    expect(redirectFor(at('/login?returnUrl=%2F%2Fevil.example'), true)).toBe('/');
  });

  it('leaves signed-in users where they are on every other page', () => {
    expect(redirectFor(at('/teachers/ProfileMobile'), true)).toBeNull();
    expect(redirectFor(at('/signup'), true)).toBeNull();
  });
});

describe('the route table', () => {
  it('has no public path among the signed-in routes', () => {
    expect(PLACEHOLDER_ROUTES.filter((route) => isPublicPath(route.path))).toEqual([]);
  });

  it('declares each path once, ignoring case', () => {
    const paths = PLACEHOLDER_ROUTES.map((route) => route.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('recognises print pages by their path, in any case', () => {
    expect(isPrintPath('/reports/printpaymentreport')).toBe(true);
    expect(isPrintPath('/Reports/PrintStudentAttendence')).toBe(true);
    expect(isPrintPath('/Reports')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { redirectFor, showsExpiredPrompt } from './route-guard';
import { FEATURE_ROUTES } from './feature-routes/all-feature-routes';
import { isPrintPath, isPublicPath } from './route-table';

const at = (url: string) => {
  const parsed = new URL(url, 'http://rollbook.test');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
};

describe('redirectFor', () => {
  it('sends a signed-out visitor of a protected page to /login, remembering the page', () => {
    expect(redirectFor(at('/Classes?statusId=2'), 'signed-out')).toBe('/login?returnUrl=%2FClasses%3FstatusId%3D2');
  });

  it('sends a signed-out visitor of the home page to plain /login', () => {
    expect(redirectFor(at('/'), 'signed-out')).toBe('/login');
  });

  it.each(['/login', '/signup', '/forgotpassword', '/ForgotPassword', '/signup/'])(
    'lets a signed-out visitor open the public page %s',
    (path) => {
      expect(redirectFor(at(path), 'signed-out')).toBeNull();
    },
  );

  it('sends a signed-in visitor of /login on to the remembered page', () => {
    expect(redirectFor(at('/login?returnUrl=%2Fcourses%3FstatusId%3D1'), 'active')).toBe('/courses?statusId=1');
  });

  it('sends a signed-in visitor of /login without a remembered page home', () => {
    expect(redirectFor(at('/login'), 'active')).toBe('/');
  });

  it('never sends a signed-in user to another site after sign-in', () => {
    expect(redirectFor(at('/login?returnUrl=%2F%2Fevil.example'), 'active')).toBe('/');
  });

  it('leaves signed-in users where they are on every other page', () => {
    expect(redirectFor(at('/teachers/ProfileMobile'), 'active')).toBeNull();
    expect(redirectFor(at('/signup'), 'active')).toBeNull();
  });
});

describe('a teacher or student whose token expired', () => {
  it('stays on their page (it works from the phone\'s copy) instead of going to /login', () => {
    expect(redirectFor(at('/teachers/classesmobile'), 'expired-offline-capable')).toBeNull();
    expect(redirectFor(at('/'), 'expired-offline-capable')).toBeNull();
  });

  it('may open /login to sign in again, and is sent on to the remembered page once signed in', () => {
    const login = at('/login?returnUrl=%2Fteachers%2Fclassesmobile');
    expect(redirectFor(login, 'expired-offline-capable')).toBeNull();
    expect(redirectFor(login, 'active')).toBe('/teachers/classesmobile');
  });

  it('is asked to sign in again on their pages, not on the public ones', () => {
    expect(showsExpiredPrompt(at('/teachers/classesmobile'), 'expired-offline-capable')).toBe(true);
    expect(showsExpiredPrompt(at('/login'), 'expired-offline-capable')).toBe(false);
    expect(showsExpiredPrompt(at('/teachers/classesmobile'), 'active')).toBe(false);
    expect(showsExpiredPrompt(at('/teachers/classesmobile'), 'signed-out')).toBe(false);
  });
});

describe('the route table', () => {
  it('has no public path among the signed-in routes', () => {
    expect(FEATURE_ROUTES.filter((route) => isPublicPath(route.path))).toEqual([]);
  });

  it('declares each path once, ignoring case', () => {
    const paths = FEATURE_ROUTES.map((route) => route.path.toLowerCase().replace(/\/+$/, ''));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('recognises print pages by their path, in any case', () => {
    expect(isPrintPath('/reports/printpaymentreport')).toBe(true);
    expect(isPrintPath('/Reports/PrintStudentAttendence')).toBe(true);
    expect(isPrintPath('/Reports')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { loginPathFor, returnUrlFrom, safeReturnUrl } from './return-url';

describe('loginPathFor', () => {
  it('remembers the requested page, query and hash in returnUrl', () => {
    expect(loginPathFor({ pathname: '/courses', search: '?statusId=2', hash: '#top' })).toBe(
      '/login?returnUrl=%2Fcourses%3FstatusId%3D2%23top',
    );
  });

  it('sends a visitor of the home page to plain /login', () => {
    expect(loginPathFor({ pathname: '/', search: '', hash: '' })).toBe('/login');
  });
});

describe('safeReturnUrl', () => {
  it.each([
    ['/Classes', '/Classes'],
    ['/courses?statusId=2&remaining=3', '/courses?statusId=2&remaining=3'],
    ['/teachersForm/12#payments', '/teachersForm/12#payments'],
    ['', '/'],
    [null, '/'],
    ['courses', '/'],
    ['https://evil.example/phish', '/'],
    ['//evil.example/phish', '/'],
    ['/\\evil.example', '/'],
    ['/login', '/'],
    ['/LOGIN?returnUrl=%2Fcourses', '/'],
  ])('turns %j into %j', (input, expected) => {
    expect(safeReturnUrl(input)).toBe(expected);
  });
});

describe('returnUrlFrom', () => {
  it('reads the page to return to from the login query string', () => {
    expect(returnUrlFrom('?returnUrl=%2FReports%3Fx%3D1')).toBe('/Reports?x=1');
  });

  it('falls back to the home page without a returnUrl', () => {
    expect(returnUrlFrom('')).toBe('/');
  });

  it('ignores a returnUrl pointing at another site', () => {
    expect(returnUrlFrom('?returnUrl=https%3A%2F%2Fevil.example')).toBe('/');
  });
});

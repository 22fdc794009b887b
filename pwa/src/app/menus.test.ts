import { describe, expect, it } from 'vitest';
import { primaryRole } from '../lib/roles';
import { isMenuItemActive, menuFor, profilePathFor, usesBottomTabs } from './menus';

const roles = (...names: string[]) => ({ roles: names.map((name) => ({ name, entityId: null })) }) as never;

describe('menuFor', () => {
  it('gives a company admin the nine back-office entries in spec order, then the audit trail', () => {
    expect(menuFor('CompanyAdmin').map(({ label, path }) => [label, path])).toEqual([
      ['Dashboard', '/'],
      ['Courses', '/courses'],
      ['Classes', '/Classes'],
      ['Students', '/students'],
      ['Teachers', '/teachers'],
      ['Companies', '/companies'],
      ['Rooms', '/rooms'],
      ['Closures', '/closures'],
      ['Payments', '/Reports'],
      ['Notes', '/notes'],
      ['Audit trail', '/audit'],
    ]);
  });

  it('gives a teacher Home, Courses, Classes and Students on the mobile pages', () => {
    expect(menuFor('Teacher').map(({ label, path }) => [label, path])).toEqual([
      ['Home', '/'],
      ['Courses', '/teachers/CoursesMobile'],
      ['Classes', '/teachers/classesmobile'],
      ['Students', '/teachers/StudentsMobile'],
    ]);
  });

  it('gives a student Home, Classes and Courses', () => {
    expect(menuFor('Student').map(({ label, path }) => [label, path])).toEqual([
      ['Home', '/'],
      ['Classes', '/students/classesmobile'],
      ['Courses', '/students/coursesmobile'],
    ]);
  });

  it('gives any other role no menu', () => {
    expect(menuFor(null)).toEqual([]);
  });
});

describe('primaryRole', () => {
  it.each([
    [['CompanyAdmin'], 'CompanyAdmin'],
    [['companyadmin'], 'CompanyAdmin'],
    [['TEACHER'], 'Teacher'],
    [['student'], 'Student'],
    [['Teacher', 'CompanyAdmin'], 'Teacher'],
    [['Receptionist', 'CompanyAdmin'], null],
    [[], null],
  ])('takes the first of %j, ignoring case: %s', (names, expected) => {
    expect(primaryRole(roles(...names))).toBe(expected);
  });

  it('treats no user as no role', () => {
    expect(primaryRole(null)).toBeNull();
  });
});

describe('phone layout and profile link', () => {
  it.each([
    ['CompanyAdmin', false, '/profile'],
    ['Teacher', true, '/teachers/ProfileMobile'],
    ['Student', true, '/profile'],
    [null, false, '/profile'],
  ] as const)('for %s: bottom tabs %s, avatar opens %s', (role, tabs, profile) => {
    expect(usesBottomTabs(role)).toBe(tabs);
    expect(profilePathFor(role)).toBe(profile);
  });
});

describe('isMenuItemActive', () => {
  const classes = { label: 'Classes', path: '/Classes', icon: '' };
  const home = { label: 'Home', path: '/', icon: '' };

  it('matches the current path ignoring case and a trailing slash', () => {
    expect(isMenuItemActive(classes, '/classes/')).toBe(true);
  });

  it('does not mark Home as current on other pages', () => {
    expect(isMenuItemActive(home, '/courses')).toBe(false);
    expect(isMenuItemActive(home, '/')).toBe(true);
  });
});

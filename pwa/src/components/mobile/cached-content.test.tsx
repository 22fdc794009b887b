import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CachedContent } from './cached-content';

const sync = { online: true, lastPulledAt: null as string | null };
vi.mock('../../offline/hooks/use-sync-state', () => ({ useSyncState: () => sync }));
const user = { current: { roles: [{ name: 'Teacher', entityId: 1 }] } as unknown };
vi.mock('../../lib/use-session', () => ({ useSession: () => user.current }));

afterEach(cleanup);

const renderList = (items: string[] | undefined) =>
  render(
    <CachedContent items={items} emptyText="No classes in this period">
      {(list) => list.map((item) => <p key={item}>{item}</p>)}
    </CachedContent>,
  );

describe('a list read from the phone\'s copy', () => {
  it('shows the items as soon as the phone has them', () => {
    Object.assign(sync, { online: false, lastPulledAt: null });
    renderList(['Monday class']);
    expect(screen.getByText('Monday class')).toBeTruthy();
  });

  it('shows the spec\'s empty text once the phone has been updated', () => {
    Object.assign(sync, { online: false, lastPulledAt: '2026-11-23T09:00:00Z' });
    renderList([]);
    expect(screen.getByText('No classes in this period')).toBeTruthy();
  });

  it('does not claim "no classes" before the first download, and says what to do offline', () => {
    Object.assign(sync, { online: true, lastPulledAt: null });
    renderList([]);
    expect(screen.getByRole('status').textContent).toBe('Getting your data from the server…');
    cleanup();
    Object.assign(sync, { online: false, lastPulledAt: null });
    renderList([]);
    expect(screen.getByRole('status').textContent).toBe('Connect to the internet once to download your data to this phone.');
    expect(screen.queryByText('No classes in this period')).toBeNull();
  });

  it('tells an admin, who has no phone copy, what these pages are for instead of loading for ever', () => {
    user.current = { roles: [{ name: 'CompanyAdmin', entityId: null }] };
    renderList(undefined);
    expect(screen.getByText("These pages show a teacher's or a student's own classes and courses.")).toBeTruthy();
    user.current = { roles: [{ name: 'Teacher', entityId: 1 }] };
  });
});

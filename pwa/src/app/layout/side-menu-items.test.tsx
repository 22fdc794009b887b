import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SideMenuItems } from './side-menu-items';

vi.mock('../../lib/use-session', () => ({ useSession: () => ({ roles: [{ name: 'CompanyAdmin', entityId: null }] }) }));

afterEach(cleanup);

describe("the admin's side menu", () => {
  it('lists every entry with its icon drawn in the page (no ion-icon to parse), the current page marked', () => {
    render(<MemoryRouter initialEntries={['/courses']}><SideMenuItems /></MemoryRouter>);
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    const labels = ['Dashboard', 'Courses', 'Classes', 'Students', 'Teachers', 'Companies', 'Rooms', 'Closures', 'Payments', 'Notes', 'Audit trail'];
    expect([...menu.querySelectorAll('ion-item')].map((item) => item.textContent)).toEqual(labels);
    const icons = menu.querySelectorAll('.inline-icon[slot="start"] svg');
    expect(icons).toHaveLength(labels.length);
    expect(menu.querySelector('ion-icon')).toBeNull();
    expect(menu.querySelector('[aria-current="page"]')?.textContent).toBe('Courses');
  });
});

import type { SignedInUser } from '@rollbook/shared-types/auth';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { CALENDAR_PATHS, CalendarView, toEventInput } from './calendar-view';

const admin: SignedInUser = {
  token: 'token', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), userId: 1, firstName: 'Ada', lastName: 'Admin',
  username: 'admin', avatarImage: null, entityId: null, roles: [{ name: 'CompanyAdmin', entityId: null }],
};

const event = {
  classId: 71, courseId: 9, title: 'ACME English B1', start: '2026-11-23T10:00:00.000Z', end: '2026-11-23T11:00:00.000Z',
  color: '#1E88E5', seriesStatusId: 1,
};

function json(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

describe('calendar view', () => {
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
  beforeEach(() => {
    session.set(admin);
    fetchMock = vi.fn<typeof fetch>(async () => json([event]));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    session.clear();
  });

  it('asks each type of calendar its own call', () => {
    expect(CALENDAR_PATHS).toEqual({ T: '/api/calandar/TeacherCalandar', R: '/api/calandar/RoomCalandar', S: '/api/calandar/StudentCalandar' });
  });

  it('keeps the course of each class on its event, in the subject colour', () => {
    expect(toEventInput(event)).toMatchObject({
      id: '71', title: 'ACME English B1', start: event.start, end: event.end, backgroundColor: '#1E88E5',
      extendedProps: { courseId: 9, classId: 71, seriesStatusId: 1 },
    });
  });

  it('loads the visible week of a room from Monday and opens the course of a clicked class', async () => {
    render(
      <MemoryRouter initialEntries={['/roomsForm/3']}>
        <Routes>
          <Route path="/roomsForm/:id" element={<CalendarView type="R" id={3} initialView="timeGridWeek" initialDate="2026-11-25" />} />
          <Route path="/CoursesForm/:id" element={<p>Course page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/calandar/RoomCalandar');
    expect(url.searchParams.get('id')).toBe('3');
    // The week of Wednesday 25 November 2026 starts on Monday the 23rd.
    expect(url.searchParams.get('start')).toMatch(/^2026-11-23/);
    expect(url.searchParams.get('end')).toMatch(/^2026-11-30/);

    const headers = document.querySelectorAll('.fc-col-header-cell');
    expect(headers[0]?.getAttribute('data-date')).toBe('2026-11-23');
    // Dates shown as everywhere else: dd/MM/yyyy.
    expect(headers[0]?.textContent).toBe('Mon 23/11/2026');
    expect(document.querySelector('.fc-toolbar-title')?.textContent).toBe('23/11/2026 - 29/11/2026');
    fireEvent.click(await screen.findByText('ACME English B1'));
    expect(await screen.findByText('Course page')).toBeTruthy();
  });
});

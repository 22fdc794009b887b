import type { EventClickArg, EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import timeGridPlugin from '@fullcalendar/timegrid';
import { CalendarEventListSchema, type CalendarEvent } from '@rollbook/shared-types/calendar';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiRequest } from '../../lib/api-client';
import { DATED_VIEWS } from './calendar-dates';
import './calendar-view.css';

/** Whose classes: a teacher's (T), a room's (R) or a student's (S). */
export type CalendarType = 'T' | 'R' | 'S';

export const CALENDAR_PATHS: Record<CalendarType, string> = {
  T: '/api/calandar/TeacherCalandar',
  R: '/api/calandar/RoomCalandar',
  S: '/api/calandar/StudentCalandar',
};

/** Weeks start on Monday and times are London's, whatever the browser's own zone (spec §1). */
export const CALENDAR_TIME_ZONE = 'Europe/London';
export const CALENDAR_FIRST_DAY = 1;

export function toEventInput(event: CalendarEvent): EventInput {
  return {
    id: String(event.classId),
    title: event.title,
    start: event.start,
    end: event.end,
    backgroundColor: event.color,
    borderColor: event.color,
    extendedProps: { courseId: event.courseId, classId: event.classId, seriesStatusId: event.seriesStatusId },
  };
}

/** The classes of the visible range, as FullCalendar asks for them. */
export function fetchCalendarEvents(type: CalendarType, id: number, range: Pick<EventSourceFuncArg, 'startStr' | 'endStr'>, signal?: AbortSignal) {
  return apiRequest(CALENDAR_PATHS[type], CalendarEventListSchema, { query: { id, start: range.startStr, end: range.endStr }, signal }).then((events) =>
    events.map(toEventInput),
  );
}

/** FullCalendar's event source for one calendar; failures are reported to show above it. */
function eventSource(type: CalendarType, id: number, report: (message: string | null) => void) {
  return (range: EventSourceFuncArg, success: (events: EventInput[]) => void, fail: (error: Error) => void) => {
    fetchCalendarEvents(type, id, range)
      .then((list) => {
        report(null);
        success(list);
      })
      .catch((error: Error) => {
        report(error.message || 'The calendar could not be loaded');
        fail(error);
      });
  };
}

interface CalendarViewProps {
  type: CalendarType;
  id: number;
  /** Default: open the class's course, /CoursesForm/{courseId}. */
  onEventClick?: (courseId: number, classId: number) => void;
  initialView?: 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay';
  /** 'yyyy-MM-dd' to open on; default today. */
  initialDate?: string;
}

/** A month / week / day calendar of classes, shared by the teacher, room and student screens. */
export function CalendarView({ type, id, onEventClick, initialView = 'dayGridMonth', initialDate }: CalendarViewProps) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  // A new function makes FullCalendar fetch again: only when the calendar is someone else's.
  const events = useMemo(() => eventSource(type, id, setFailure), [type, id]);

  const eventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const { courseId, classId } = arg.event.extendedProps as { courseId: number; classId: number };
    if (onEventClick) onEventClick(courseId, classId);
    else navigate(`/CoursesForm/${courseId}`);
  };

  return (
    <div className="calendar-view" data-calendar-type={type}>
      {failure && (
        <p className="calendar-view__error" role="alert">
          {failure}
        </p>
      )}
      <FullCalendar
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, luxonPlugin]}
        initialView={initialView}
        initialDate={initialDate}
        timeZone={CALENDAR_TIME_ZONE}
        firstDay={CALENDAR_FIRST_DAY}
        locale={enGbLocale}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }}
        views={DATED_VIEWS}
        buttonText={{ today: 'Today', month: 'Month', week: 'Week', day: 'Day' }}
        height="auto"
        nowIndicator
        allDaySlot={false}
        scrollTime="07:00:00"
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        events={events}
        eventClick={eventClick}
      />
    </div>
  );
}

import { parseDmy } from '@rollbook/shared-types/dates';
import { ClassStatus } from '@rollbook/shared-types/statuses';
import type { QueryValue } from '../../../lib/api-client';

export type Period = 'all' | 'today' | 'thisWeek' | 'nextWeek' | 'thisMonth' | 'thisYear' | 'custom';

export const PERIOD_OPTIONS: { value: Period; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'today', label: 'Today' },
  { value: 'thisWeek', label: 'This Week' },
  { value: 'nextWeek', label: 'Next Week' },
  { value: 'thisMonth', label: 'This Month' },
  { value: 'thisYear', label: 'This Year' },
  { value: 'custom', label: 'Custom' },
];

export const STATUS_OPTIONS = [
  { value: -1, label: 'All' },
  { value: ClassStatus.Scheduled, label: 'Scheduled' },
  { value: ClassStatus.RequiresMarking, label: 'Requires marking' },
  { value: ClassStatus.Marked, label: 'Marked' },
  { value: ClassStatus.Paid, label: 'Paid' },
];

export interface ClassFilter {
  title: string;
  /** 0: all. */
  subjectId: number;
  levelId: number;
  teacherId: number;
  /** -1: all. */
  statusId: number;
  period: Period;
  /** d/m/yyyy, used by the Custom period. */
  startDate: string;
  endDate: string;
}

const PERIOD_QUERY: Record<Period, { timePeriod?: string; dateMultiplier?: number }> = {
  all: {},
  custom: {},
  today: { timePeriod: 'D' },
  thisWeek: { timePeriod: 'W' },
  nextWeek: { timePeriod: 'W', dateMultiplier: 1 },
  thisMonth: { timePeriod: 'M' },
  thisYear: { timePeriod: 'Y' },
};

const positive = (text: string | null): number => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

const dmy = (text: string | null): string => (text && parseDmy(text.trim()) ? text.trim() : '');
const isPeriod = (text: string | null): text is Period => PERIOD_OPTIONS.some((o) => o.value === text);

/** The dashboard's links (a teacher's or a status's classes) open on the whole history, the menu on this week. */
const defaultPeriod = (filter: Pick<ClassFilter, 'teacherId' | 'statusId'>): Period =>
  filter.teacherId > 0 || filter.statusId !== -1 ? 'all' : 'thisWeek';

/**
 * The filter an address asks for: teacherId and statusId as the dashboard links them, the rest
 * under the API's names, and the period when it is not the default one for the address.
 */
export function filterFromSearch(search: string): ClassFilter {
  const params = new URLSearchParams(search);
  const teacherId = positive(params.get('teacherId'));
  const status = Number(params.get('statusId'));
  const statusId = params.has('statusId') && STATUS_OPTIONS.some((o) => o.value === status) ? status : -1;
  const asked = params.get('period');
  const period = isPeriod(asked) ? asked : defaultPeriod({ teacherId, statusId });
  const custom = period === 'custom';
  return {
    title: (params.get('title') ?? '').trim().slice(0, 200),
    subjectId: positive(params.get('subjectId')),
    levelId: positive(params.get('levelId')),
    teacherId,
    statusId,
    period,
    startDate: custom ? dmy(params.get('startDate')) : '',
    endDate: custom ? dmy(params.get('endDate')) : '',
  };
}

/** The filter as query-string parameters, in the names filterFromSearch reads; defaults left out. */
export function classFilterParams(filter: ClassFilter): URLSearchParams {
  const params = new URLSearchParams();
  const title = filter.title.trim();
  if (title) params.set('title', title);
  if (filter.subjectId) params.set('subjectId', String(filter.subjectId));
  if (filter.levelId) params.set('levelId', String(filter.levelId));
  if (filter.teacherId) params.set('teacherId', String(filter.teacherId));
  if (filter.statusId !== -1) params.set('statusId', String(filter.statusId));
  if (filter.period !== defaultPeriod(filter)) params.set('period', filter.period);
  if (filter.period === 'custom') {
    if (parseDmy(filter.startDate)) params.set('startDate', filter.startDate.trim());
    if (parseDmy(filter.endDate)) params.set('endDate', filter.endDate.trim());
  }
  return params;
}

/** The GetByFilter query of a filter; dates count only once they are real d/m/yyyy dates. */
export function classListQuery(filter: ClassFilter): Record<string, QueryValue> {
  const date = (text: string) => (parseDmy(text) ? text.trim() : undefined);
  const custom = filter.period === 'custom';
  return {
    title: filter.title.trim() || undefined,
    subjectId: filter.subjectId || undefined,
    levelId: filter.levelId || undefined,
    teacherId: filter.teacherId || undefined,
    statusId: filter.statusId === -1 ? undefined : filter.statusId,
    ...PERIOD_QUERY[filter.period],
    startDate: custom ? date(filter.startDate) : undefined,
    endDate: custom ? date(filter.endDate) : undefined,
  };
}

/** Typing a date makes the period Custom; picking another period drops the dates. */
export function withPeriod(filter: ClassFilter, period: Period): ClassFilter {
  return period === 'custom' ? { ...filter, period } : { ...filter, period, startDate: '', endDate: '' };
}
export function withDate(filter: ClassFilter, field: 'startDate' | 'endDate', text: string): ClassFilter {
  return { ...filter, [field]: text, period: 'custom' };
}

/** 'Unmarked classes' for status 2, else 'Classes - N found (M students)'. */
export function classListHeading(statusId: number, total: number, studentTotal: number): string {
  if (statusId === ClassStatus.RequiresMarking) return 'Unmarked classes';
  return `Classes - ${total} found (${studentTotal} students)`;
}

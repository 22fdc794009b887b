import { CLASSES_REMAINING_OPTIONS } from '@rollbook/shared-types/courses';
import { parseDmy } from '@rollbook/shared-types/dates';
import { COURSE_STATUS_NAMES, CourseStatus } from '@rollbook/shared-types/statuses';
import type { QueryValue } from '../../../lib/api-client';

export interface CourseFilter {
  title: string;
  /** 0: all. */
  subjectId: number;
  /** -1: all. */
  statusId: number;
  /** d/m/yyyy or ''. */
  startDate: string;
  endDate: string;
  /** At most n classes left; -1: all. */
  classesRemaining: number;
  // Set only by links (the dashboard's tiles), cleared by RESET.
  showClassCountErrors: boolean;
  expiredClasses: boolean;
  teacherId: number;
  companyId: number;
  showOnlyActiveAndCompleted: boolean;
}

/** The status filter after a reset (spec §2.2). */
export const DEFAULT_COURSE_STATUS = CourseStatus.Active;

export const COURSE_STATUS_OPTIONS = [{ value: -1, label: 'All' }, ...Object.entries(COURSE_STATUS_NAMES).map(([id, name]) => ({ value: Number(id), label: name }))];

export const REMAINING_OPTIONS = [
  { value: -1, label: 'All' },
  ...CLASSES_REMAINING_OPTIONS.map((n) => ({ value: n, label: n === 0 ? '0' : `${n} or less` })),
];

const flag = (params: URLSearchParams, name: string) => ['true', '1'].includes((params.get(name) ?? '').toLowerCase());
const id = (params: URLSearchParams, name: string) => {
  const n = Number(params.get(name));
  return Number.isInteger(n) && n > 0 ? n : 0;
};
/** A real d/m/yyyy date from the address, else ''. */
const dmy = (params: URLSearchParams, name: string) => {
  const text = (params.get(name) ?? '').trim();
  return parseDmy(text) ? text : '';
};

/**
 * The filter an address asks for. The dashboard's tiles link with statusId, remaining and the flags;
 * the list writes the rest under the API's names. Without a statusId the list shows Active courses.
 */
export function courseFilterFromSearch(search: string): CourseFilter {
  const params = new URLSearchParams(search);
  const status = Number(params.get('statusId'));
  const remaining = Number(params.get('remaining'));
  return {
    title: (params.get('title') ?? '').trim().slice(0, 200),
    subjectId: id(params, 'subjectId'),
    statusId: params.has('statusId') && COURSE_STATUS_OPTIONS.some((o) => o.value === status) ? status : DEFAULT_COURSE_STATUS,
    startDate: dmy(params, 'startDate'),
    endDate: dmy(params, 'endDate'),
    classesRemaining: params.has('remaining') && Number.isInteger(remaining) && remaining >= 0 ? remaining : -1,
    showClassCountErrors: flag(params, 'showClassCountErrors'),
    expiredClasses: flag(params, 'expiredClasses'),
    teacherId: id(params, 'teacherId'),
    companyId: id(params, 'companyId'),
    showOnlyActiveAndCompleted: flag(params, 'showOnlyActiveAndCompleted'),
  };
}

/** The filter as query-string parameters, in the names courseFilterFromSearch reads; defaults left out. */
export function courseFilterParams(filter: CourseFilter): URLSearchParams {
  const params = new URLSearchParams();
  const title = filter.title.trim();
  if (title) params.set('title', title);
  if (filter.subjectId) params.set('subjectId', String(filter.subjectId));
  if (filter.statusId !== DEFAULT_COURSE_STATUS) params.set('statusId', String(filter.statusId));
  if (parseDmy(filter.startDate)) params.set('startDate', filter.startDate.trim());
  if (parseDmy(filter.endDate)) params.set('endDate', filter.endDate.trim());
  if (filter.classesRemaining >= 0) params.set('remaining', String(filter.classesRemaining));
  for (const name of ['showClassCountErrors', 'expiredClasses', 'showOnlyActiveAndCompleted'] as const) {
    if (filter[name]) params.set(name, 'true');
  }
  if (filter.teacherId) params.set('teacherId', String(filter.teacherId));
  if (filter.companyId) params.set('companyId', String(filter.companyId));
  return params;
}

/** The getall query of a filter; dates count only once they are real d/m/yyyy dates. */
export function courseListQuery(filter: CourseFilter): Record<string, QueryValue> {
  const date = (text: string) => (parseDmy(text) ? text.trim() : undefined);
  return {
    title: filter.title.trim() || undefined,
    subjectId: filter.subjectId || undefined,
    statusId: filter.statusId,
    startDate: date(filter.startDate),
    endDate: date(filter.endDate),
    classesRemaining: filter.classesRemaining >= 0 ? filter.classesRemaining : undefined,
    showClassCountErrors: filter.showClassCountErrors || undefined,
    expiredClasses: filter.expiredClasses || undefined,
    teacherId: filter.teacherId || undefined,
    companyId: filter.companyId || undefined,
    showOnlyActiveAndCompleted: filter.showOnlyActiveAndCompleted || undefined,
  };
}

/** The list's title names the tile it was opened from (spec §2.2). */
export function courseListTitle(filter: CourseFilter): string {
  if (filter.expiredClasses) return 'Courses expiring / expired';
  if (filter.classesRemaining >= 0) return 'Courses ending / ended';
  if (filter.statusId === CourseStatus.Draft) return 'Draft courses';
  if (filter.showClassCountErrors) return 'Courses with time discrepancies';
  return 'Courses';
}

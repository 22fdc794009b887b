import { ATTENDANCE_WARNINGS_PATH } from '@rollbook/shared-types/attendance-warnings';
import { describe, expect, it } from 'vitest';
import { attendanceWarningRoutes } from './attendance-warnings';

describe('the attendance warnings route', () => {
  it('answers the path the dashboard tile links to', () => {
    expect(attendanceWarningRoutes.map((r) => r.path)).toEqual([ATTENDANCE_WARNINGS_PATH]);
  });
});

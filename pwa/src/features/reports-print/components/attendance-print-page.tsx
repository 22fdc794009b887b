import { IonSpinner } from '@ionic/react';
import { formatHoursMinutes } from '@rollbook/shared-types/money';
import { ATTENDANCE_REPORT_ROW_LIMIT } from '@rollbook/shared-types/reports';
import { useLocation } from 'react-router-dom';
import { PrintPage } from '../../../app/layout/print-page';
import { useAttendanceRates } from '../../../lookups/get-attendance-rates';
import { useStudentCourseAttendance } from '../api/get-student-course-attendance';
import { classBlocks } from '../attendance-grid';
import { useAutoPrint } from '../hooks/use-auto-print';
import { idParam } from '../print-query';
import { AttendanceGridTable } from './attendance-grid-table';
import { AttendanceTotalsTable } from './attendance-totals-table';
import '../print-report.css';

/** Spec §2.10 and §9: the attendance report prints 2 seconds after it has rendered. */
export const ATTENDANCE_PRINT_DELAY_MS = 2000;

/**
 * /reports/printstudentattendence?id={courseId}: the course's attendance grid, five classes per row,
 * and each student's totals and attendance rate.
 */
export default function AttendancePrintPage() {
  const courseId = idParam(new URLSearchParams(useLocation().search), 'id');
  const report = useStudentCourseAttendance(courseId);
  const rates = useAttendanceRates({ courseId: courseId ?? 0 }, courseId !== null);
  // Printed once the rates are in too (a failure to get them prints the report without them).
  useAutoPrint(report.isSuccess && !rates.isPending, ATTENDANCE_PRINT_DELAY_MS);

  const data = report.data;
  return (
    <PrintPage title="Student attendance report">
      {courseId === null && <p role="alert">This link does not name a course.</p>}
      {report.isPending && courseId !== null && <IonSpinner aria-label="Loading" />}
      {report.isError && <p role="alert">{report.error.message}</p>}
      {data && (
        <div className="print-report">
          <dl className="print-report__facts">
            <dt>Course</dt>
            <dd>{data.title}</dd>
            <dt>Company</dt>
            <dd>{data.company ?? 'Private'}</dd>
            <dt>Subject and level</dt>
            <dd>
              {data.subject} {data.level}
            </dd>
            <dt>Start date</dt>
            <dd>{data.startDateString ?? ''}</dd>
            <dt>Total hours</dt>
            <dd data-testid="total-hours">{formatHoursMinutes(data.totalMinutes)}</dd>
          </dl>
          {data.truncated && (
            <p role="note">This report shows the first {ATTENDANCE_REPORT_ROW_LIMIT} attendance records only.</p>
          )}
          {classBlocks(data.classes).map((block) => (
            <AttendanceGridTable key={block.offset} block={block} students={data.students} />
          ))}
          <AttendanceTotalsTable students={data.students} rates={rates.data ?? []} />
        </div>
      )}
    </PrintPage>
  );
}

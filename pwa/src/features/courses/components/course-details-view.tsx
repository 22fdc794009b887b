import type { CourseDetail } from '@rollbook/shared-types/courses';
import type { ReactNode } from 'react';

const pounds = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The course's details and figures, read-only (view mode). */
export function CourseDetailsView({ course }: { course: CourseDetail }) {
  const rows: [string, ReactNode][] = [
    ['Title', course.title],
    ['Description', course.description],
    ['Type', course.courseType],
    ['Subject', course.subject],
    ['Level', course.courseLevel],
    ['Company', course.company ?? 'Private'],
    ['Address', course.address ?? ''],
    ['Private', yesNo(course.private)],
    ['Sponsored', yesNo(course.sponsored)],
    ['Virtual', yesNo(course.virtual)],
    ['Start date', course.startDateString],
    ['End date', course.endDateString],
    ['Number of classes', course.duration],
    ['Class length (mins)', course.classLengthTemplate],
    ['Price', course.pricePence === null ? '' : pounds.format(course.pricePence / 100)],
    ['Max students', course.maxNumberStudents ?? ''],
    ['Min students', course.minNumberStudents ?? ''],
    ['Status', course.courseStatus],
    ['Duration (mins)', course.durationMinutes],
    ['Minutes generated', course.totalClassLength],
    ['Time discrepancy (mins)', course.timeDiscrepancy],
    ['Classes remaining', course.classesRemaining],
    ['Minutes remaining', course.minsRemaining],
    ['Complete', `${course.percentageComplete}%`],
    ['Marked classes', course.markedCount],
    ['Last class', course.expiringDateString],
  ];
  return (
    <dl className="sched-view-list course-details-view">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === '' ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

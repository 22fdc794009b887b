import type { ClassItem } from '@rollbook/shared-types/classes';
import { ClassStatusBadge } from '../../../components/scheduling/class-status-badge';

/** Which class the dialog is about. */
export function ClassSummary({ classItem, seriesStatusId }: { classItem: ClassItem; seriesStatusId: number }) {
  return (
    <dl className="sched-view-list attendance-summary">
      <div>
        <dt>Course</dt>
        <dd>{classItem.course}</dd>
      </div>
      <div>
        <dt>Class</dt>
        <dd>
          {classItem.weekday} {classItem.classDateString} {classItem.classDatesCombined}
        </dd>
      </div>
      <div>
        <dt>Teacher</dt>
        <dd>{classItem.teacher}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd>
          <ClassStatusBadge statusId={seriesStatusId} />
        </dd>
      </div>
    </dl>
  );
}

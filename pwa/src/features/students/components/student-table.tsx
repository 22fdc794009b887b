import type { StudentListItem, StudentSortKey } from '@rollbook/shared-types/students';
import type { SortOrder } from '../../../lib/list-url';
import { PeopleTable, type PeopleColumn } from '../../../components/ui/people-table';
import { SubjectPills } from '../../../components/ui/subject-pills';

const COLUMNS: PeopleColumn<StudentSortKey>[] = [{ label: 'Company', sortKey: 'company' }, { label: 'Current courses' }];

interface StudentTableProps {
  students: StudentListItem[];
  onOpen: (studentId: number) => void;
  order: SortOrder<StudentSortKey>;
  onSort: (key: StudentSortKey) => void;
  busy?: boolean;
}

/** The students of one page, sorted by a column header; a row (click or Enter) opens the student. */
export function StudentTable({ students, onOpen, order, onSort, busy }: StudentTableProps) {
  const rows = students.map((student) => ({
    id: student.studentId,
    firstName: student.firstName,
    lastName: student.lastName,
    mobile: student.mobile,
    email: student.email,
    cells: [student.company, <SubjectPills list={student.currentCourses} />],
    active: student.statusId === 1,
    hasLogin: student.hasLogin,
  }));
  return <PeopleTable<StudentSortKey> columns={COLUMNS} rows={rows} onOpen={onOpen} order={order} onSort={onSort} busy={busy} />;
}

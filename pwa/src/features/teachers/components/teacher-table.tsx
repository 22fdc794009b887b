import type { TeacherListItem, TeacherSortKey } from '@rollbook/shared-types/teachers';
import type { SortOrder } from '../../../lib/list-url';
import { PeopleTable, type PeopleColumn } from '../../../components/ui/people-table';
import { SubjectPills } from '../../../components/ui/subject-pills';

const COLUMNS: PeopleColumn<TeacherSortKey>[] = [{ label: 'Subjects taught' }];

interface TeacherTableProps {
  teachers: TeacherListItem[];
  onOpen: (teacherId: number) => void;
  order: SortOrder<TeacherSortKey>;
  onSort: (key: TeacherSortKey) => void;
  busy?: boolean;
}

/** The teachers of one page, sorted by a column header; a row (click or Enter) opens the teacher. */
export function TeacherTable({ teachers, onOpen, order, onSort, busy }: TeacherTableProps) {
  const rows = teachers.map((teacher) => ({
    id: teacher.teacherId,
    firstName: teacher.firstName,
    lastName: teacher.lastName,
    mobile: teacher.mobile,
    email: teacher.email,
    cells: [<SubjectPills list={teacher.subjectsString} />],
    active: teacher.active,
    hasLogin: teacher.hasLogin,
  }));
  return <PeopleTable<TeacherSortKey> columns={COLUMNS} rows={rows} onOpen={onOpen} order={order} onSort={onSort} busy={busy} />;
}

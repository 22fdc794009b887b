import type { TeacherListItem } from '@rollbook/shared-types/teachers';
import { PeopleTable } from '../../../components/ui/people-table';
import { SubjectPills } from '../../../components/ui/subject-pills';

const COLUMNS = ['Subjects taught'];

/** The teachers of one page; a row (click or Enter) opens the teacher. */
export function TeacherTable({ teachers, onOpen }: { teachers: TeacherListItem[]; onOpen: (teacherId: number) => void }) {
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
  return <PeopleTable columns={COLUMNS} rows={rows} onOpen={onOpen} />;
}

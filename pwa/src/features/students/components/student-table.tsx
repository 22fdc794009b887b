import type { StudentListItem } from '@rollbook/shared-types/students';
import { PeopleTable } from '../../../components/ui/people-table';
import { SubjectPills } from '../../../components/ui/subject-pills';

const COLUMNS = ['Company', 'Current courses'];

/** The students of one page; a row (click or Enter) opens the student. */
export function StudentTable({ students, onOpen }: { students: StudentListItem[]; onOpen: (studentId: number) => void }) {
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
  return <PeopleTable columns={COLUMNS} rows={rows} onOpen={onOpen} />;
}

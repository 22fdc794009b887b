import { useStudents } from '../../../offline/hooks/use-people';
import { CachedContent } from '../../../components/mobile/cached-content';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { StudentCard } from './student-card';

/** /teachers/StudentsMobile: the students of the teacher's courses and classes. */
export function TeacherStudentsPage() {
  const students = useStudents();
  return (
    <MobilePage title="Students" role="Teacher">
      <CachedContent items={students} emptyText="You do not currently have any students">
        {(items) => items.map((student) => <StudentCard key={student.studentId} student={student} />)}
      </CachedContent>
    </MobilePage>
  );
}

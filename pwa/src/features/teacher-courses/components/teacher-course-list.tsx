import type { SyncCourse } from '@rollbook/shared-types/sync';
import { useState } from 'react';
import { useCourses } from '../../../offline/hooks/use-people';
// Another feature's, on purpose: a course card's calendar icon opens mobile-attendance's class dialog (spec §2.12, mode C).
import { ClassDialog } from '../../mobile-attendance/components/class-dialog';
import type { DialogState } from '../../mobile-attendance/dialog-state';
import { CachedContent } from '../../../components/mobile/cached-content';
import { CourseStudentsDialog } from './course-students-dialog';
import { RemainingClassesDialog } from './remaining-classes-dialog';
import { TeacherCourseCard } from './teacher-course-card';
import './teacher-courses.css';

/** The teacher's course cards with their dialogs (the Courses page and the Courses tab of home). */
export function TeacherCourseList() {
  const courses = useCourses();
  const [classes, setClasses] = useState<DialogState | null>(null);
  const [students, setStudents] = useState<SyncCourse | null>(null);
  const [remaining, setRemaining] = useState<SyncCourse | null>(null);
  return (
    <>
      <CachedContent items={courses} emptyText="No courses currently">
        {(items) =>
          items.map((course) => (
            <TeacherCourseCard
              key={course.courseId}
              course={course}
              onClasses={(picked) => setClasses({ mode: 'C', courseId: picked.courseId })}
              onStudents={setStudents}
              onRemaining={setRemaining}
            />
          ))
        }
      </CachedContent>
      <ClassDialog target={classes} onClose={() => setClasses(null)} />
      <CourseStudentsDialog course={students} onClose={() => setStudents(null)} />
      <RemainingClassesDialog course={remaining} onClose={() => setRemaining(null)} />
    </>
  );
}

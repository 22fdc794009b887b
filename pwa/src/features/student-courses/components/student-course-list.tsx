import type { SyncCourse } from '@rollbook/shared-types/sync';
import { useState } from 'react';
import { useCourses } from '../../../offline/hooks/use-people';
import { CachedContent } from '../../../components/mobile/cached-content';
import { StudentCourseCard } from './student-course-card';
import { StudentCourseClassesDialog } from './student-course-classes-dialog';

/** The student's course cards and their class list dialog (the Courses page and home's Courses tab). */
export function StudentCourseList() {
  const courses = useCourses();
  const [open, setOpen] = useState<SyncCourse | null>(null);
  return (
    <>
      <CachedContent items={courses} emptyText="No courses currently">
        {(items) => items.map((course) => <StudentCourseCard key={course.courseId} course={course} onClasses={setOpen} />)}
      </CachedContent>
      <StudentCourseClassesDialog course={open} onClose={() => setOpen(null)} />
    </>
  );
}

import { IonList, IonNote, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import type { ClassView } from '../../../offline/class-views';
import { ONLY_CACHED_CLASSES_NOTE, useCourseClassList } from '../../../offline/hooks/use-classes';
import { ClassRow } from './class-row';

interface CourseClassListProps {
  courseId: number;
  /** Only classes that have not started yet (the remaining classes). */
  onlyRemaining?: boolean;
  emptyText: string;
  onMark?: (cls: ClassView) => void;
  onEdit?: (cls: ClassView) => void;
}

/** Mode C: the course's classes by date (all of them online; offline, those on this phone). */
export function CourseClassList({ courseId, onlyRemaining = false, emptyText, onMark, onEdit }: CourseClassListProps) {
  const { classes: all, source } = useCourseClassList(courseId);
  // "Remaining" as of opening the list: it does not reshuffle while the teacher reads it.
  const [openedAt] = useState(Date.now);
  if (all === undefined) return <IonSpinner aria-label="Loading" />;
  const classes = onlyRemaining ? all.filter((cls) => Date.parse(cls.startsAt) > openedAt) : all;
  const note = source === 'phone' && <p className="ion-padding-horizontal"><IonNote>{ONLY_CACHED_CLASSES_NOTE}</IonNote></p>;
  if (classes.length === 0) return <>{note}<p className="empty-state">{emptyText}</p></>;
  return (
    <>
      {note}
      <IonList aria-label="Classes">
        {classes.map((cls) => (
          <ClassRow key={cls.classId} cls={cls} onMark={onMark} onEdit={onEdit} />
        ))}
      </IonList>
    </>
  );
}

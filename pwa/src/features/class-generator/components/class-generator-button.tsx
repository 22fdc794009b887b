import { IonButton } from '@ionic/react';
import type { CourseDetail } from '@rollbook/shared-types/courses';
import { useState } from 'react';
import { ClassGeneratorModal } from './class-generator-modal';

/** GENERATE CLASSES and the generator it opens, fresh each time. */
export function ClassGeneratorButton({ course }: { course: CourseDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IonButton onClick={() => setOpen(true)}>GENERATE CLASSES</IonButton>
      {open && <ClassGeneratorModal course={course} onDismissed={() => setOpen(false)} />}
    </>
  );
}

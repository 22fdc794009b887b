import { IonSpinner } from '@ionic/react';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useClass } from '../../../offline/hooks/use-classes';
import { NOT_ON_DEVICE_MESSAGE } from '../../../offline/local-changes';
import { ClassDialog } from './class-dialog';
import { RegisterView } from './register-view';
import type { DialogState } from '../dialog-state';
import { registerTitle } from '../marking-rules';
import { MobilePage } from '../../../components/mobile/mobile-page';
import { TeacherClassCard } from './teacher-class-card';

/** /teachers/class?id={classId}: one class with its register, marked right on the page. */
export function TeacherClassPage() {
  const id = Number(new URLSearchParams(useLocation().search).get('id'));
  const classId = Number.isInteger(id) && id > 0 ? id : 0;
  const cls = useClass(classId);
  const [dialog, setDialog] = useState<DialogState | null>(null);

  return (
    <MobilePage title="Class" role="Teacher">
      {cls === undefined && <IonSpinner className="mobile-page__spinner" aria-label="Loading" />}
      {cls === null && <p className="empty-state">{NOT_ON_DEVICE_MESSAGE}</p>}
      {cls && (
        <>
          <TeacherClassCard cls={cls} linkToClass={false} onEdit={(picked) => setDialog({ mode: 'E', classId: picked.classId })} />
          <section aria-labelledby="register-heading" className="class-register">
            <h2 id="register-heading" className="section-heading">
              {registerTitle(cls.seriesStatusId)}
            </h2>
            <RegisterView cls={cls} />
          </section>
          <ClassDialog target={dialog} onClose={() => setDialog(null)} />
        </>
      )}
    </MobilePage>
  );
}

import { IonAlert, IonButton, IonHeader, IonInput, IonModal, IonNote, IonTitle, IonToolbar } from '@ionic/react';
import type { RegisterUserResponse } from '@rollbook/shared-types/users';
import { useRef, useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { copyText } from '../../../lib/copy-text';
import { useDeleteTeacherLogin } from '../api/delete-teacher-login';
import { useRegisterTeacherLogin } from '../api/register-teacher-login';

/** Online access: grant (a login with a generated password, shown once) or remove (after 'Are you sure?'). */
export function TeacherOnlineAccessPanel({ teacherId, hasLogin }: { teacherId: number; hasLogin: boolean }) {
  const grant = useRegisterTeacherLogin(teacherId);
  const remove = useDeleteTeacherLogin(teacherId);
  const notify = useNotify();
  const [granted, setGranted] = useState<RegisterUserResponse | null>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [copied, setCopied] = useState(false);

  const passwordField = useRef<HTMLIonInputElement>(null);

  const copy = async (password: string) => {
    // The shown field is the fallback where the Clipboard API is missing (a school's plain-HTTP server).
    const field = (await passwordField.current?.getInputElement?.()) ?? null;
    if (await copyText(password, field)) setCopied(true);
    else notify.error('The password could not be copied: please select it and copy it by hand');
  };

  return (
    <section className="person-panel" aria-labelledby="online-access-heading">
      <h3 id="online-access-heading">Online access</h3>
      <p>{hasLogin ? 'This teacher can sign in online.' : 'This teacher cannot sign in online.'}</p>
      {hasLogin ? (
        <IonButton color="danger" fill="outline" disabled={remove.isPending} onClick={() => setConfirmingRemoval(true)}>
          REMOVE ACCESS
        </IonButton>
      ) : (
        <IonButton disabled={grant.isPending} onClick={() => grant.mutate(undefined, { onSuccess: setGranted, onError: (error) => notify.error(error.message) })}>
          GRANT ACCESS
        </IonButton>
      )}
      <IonAlert
        isOpen={confirmingRemoval}
        header="Are you sure?"
        message="The teacher will no longer be able to sign in."
        buttons={[
          { text: 'NO', role: 'cancel' },
          { text: 'YES', role: 'confirm' },
        ]}
        onDidDismiss={(event) => {
          setConfirmingRemoval(false);
          if (event.detail.role === 'confirm') {
            remove.mutate(undefined, { onSuccess: (answer) => notify.success(answer.message), onError: (error) => notify.error(error.message) });
          }
        }}
      />
      <IonModal
        className="people-dialog"
        isOpen={granted !== null}
        backdropDismiss={false}
        onDidDismiss={() => {
          setGranted(null);
          setCopied(false);
        }}
      >
        <IonHeader>
          <IonToolbar>
            <IonTitle>Online access granted</IonTitle>
          </IonToolbar>
        </IonHeader>
        {granted && (
          <div className="people-dialog__body">
            <p>The teacher can now sign in with these details. The password is shown only this once: copy it now.</p>
            <IonInput label="Username" labelPlacement="stacked" fill="outline" readonly value={granted.username} />
            <IonInput ref={passwordField} className="granted-password" label="Password" labelPlacement="stacked" fill="outline" readonly value={granted.password ?? ''} />
            {copied && <IonNote color="success">Password copied</IonNote>}
            <div className="people-dialog__actions">
              <IonButton fill="outline" onClick={() => void copy(granted.password ?? '')}>
                COPY PASSWORD
              </IonButton>
              <IonButton onClick={() => setGranted(null)}>CLOSE</IonButton>
            </div>
          </div>
        )}
      </IonModal>
    </section>
  );
}

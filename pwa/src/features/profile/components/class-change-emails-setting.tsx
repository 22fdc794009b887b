import { IonCheckbox, IonItem, IonList, IonSpinner } from '@ionic/react';
import { CLASS_CHANGE_EMAILS_LABEL } from '@rollbook/shared-types/students';
import { useNotify } from '../../../components/ui/notify';
import { useClassChangeEmails } from '../api/get-class-change-emails';
import { useUpdateClassChangeEmails } from '../api/update-class-change-emails';

/** A student's opt-out of class-change e-mails, saved as soon as it is ticked or unticked. */
export function ClassChangeEmailsSetting() {
  const setting = useClassChangeEmails();
  const update = useUpdateClassChangeEmails();
  const notify = useNotify();
  if (setting.isPending) return <IonSpinner aria-label="Loading e-mail settings" />;
  if (setting.isError) return <p role="alert">{setting.error.message}</p>;
  return (
    <IonList className="profile-consents">
      <IonItem>
        <IonCheckbox
          checked={setting.data.classChangeEmails}
          disabled={update.isPending}
          justify="start"
          labelPlacement="end"
          onIonChange={(event) => update.mutate(
            { classChangeEmails: event.detail.checked },
            { onSuccess: () => notify.success('E-mail settings saved'), onError: (error) => notify.error(error.message) },
          )}
        >
          {CLASS_CHANGE_EMAILS_LABEL}
        </IonCheckbox>
      </IonItem>
    </IonList>
  );
}

import { IonButton, IonInput } from '@ionic/react';
import { UpdateProfileRequestSchema, type Profile } from '@rollbook/shared-types/profile';
import { useState, type FormEvent } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { ApiError } from '../../../lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import type { ProfileTexts } from './profile-texts';

type Field = 'firstName' | 'lastName' | 'email';

interface Props {
  profile: Profile;
  texts: ProfileTexts;
  onDirtyChange: (dirty: boolean) => void;
}

/** Your Information: first name, last name and e-mail (the username is shown, not changed), UPDATE. */
export function InformationForm({ profile, texts, onDirtyChange }: Props) {
  const [values, setValues] = useState({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email ?? '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useUpdateProfile();
  const notify = useNotify();

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    onDirtyChange(true);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = UpdateProfileRequestSchema.safeParse({ userName: profile.userName, ...values });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      // The mobile page names no missing field: it only refuses to send.
      const missing = Object.values(values).some((value) => value.trim() === '');
      setErrors(texts.showFieldMessages || !missing ? found : {});
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: () => {
        onDirtyChange(false);
        notify.success(texts.profileUpdated);
      },
      onError: (error) => {
        if (error instanceof ApiError && texts.showFieldMessages) {
          setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])));
        }
        notify.error(error.message);
      },
    });
  };

  const field = (name: Field, label: string, type: 'text' | 'email' = 'text') => (
    <IonInput
      className={errors[name] ? 'ion-invalid ion-touched' : undefined}
      label={label}
      labelPlacement="stacked"
      fill="outline"
      type={type}
      value={values[name]}
      errorText={errors[name]}
      onIonInput={(event) => change(name, event.detail.value ?? '')}
    />
  );

  return (
    <form className="profile-form" onSubmit={submit} noValidate aria-label="Your Information">
      <IonInput label={texts.labels.userName} labelPlacement="stacked" fill="outline" readonly value={profile.userName} />
      {field('firstName', texts.labels.firstName)}
      {field('lastName', texts.labels.lastName)}
      {field('email', texts.labels.email, 'email')}
      <IonButton type="submit" disabled={update.isPending}>
        UPDATE
      </IonButton>
    </form>
  );
}

import { IonButton, IonHeader, IonModal, IonSpinner, IonTitle, IonToolbar } from '@ionic/react';
import { useState } from 'react';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { avatarSrc } from '../../../lib/avatar';
import { useAvatars } from '../api/get-avatars';

interface Props {
  firstName: string;
  lastName: string;
  avatarImage: string | null;
  avatarId: number | null;
  onChange: (avatar: { avatarId: number; avatarImage: string }) => void;
}

/** The teacher's avatar, changed by picking one of the school's pictures in a dialog. */
export function AvatarPicker({ firstName, lastName, avatarImage, avatarId, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const avatars = useAvatars(open);
  return (
    <>
      <IonButton fill="clear" aria-label="Change avatar" title="Change avatar" onClick={() => setOpen(true)}>
        <UserAvatar firstName={firstName || '?'} lastName={lastName} imageName={avatarImage} size={56} />
      </IonButton>
      <IonModal className="people-dialog" isOpen={open} onDidDismiss={() => setOpen(false)}>
        <IonHeader>
          <IonToolbar>
            <IonTitle>Choose an avatar</IonTitle>
          </IonToolbar>
        </IonHeader>
        {avatars.isPending && <IonSpinner aria-label="Loading avatars" />}
        <div className="avatar-grid">
          {(avatars.data ?? []).map((avatar) => (
            <button
              key={avatar.avatarId}
              type="button"
              className="avatar-choice"
              aria-pressed={avatar.avatarId === avatarId}
              aria-label={`Avatar ${avatar.avatarId}`}
              onClick={() => {
                onChange({ avatarId: avatar.avatarId, avatarImage: avatar.imageName });
                setOpen(false);
              }}
            >
              <img src={avatarSrc(avatar.imageName, 128) ?? ''} alt="" width={64} height={64} />
            </button>
          ))}
        </div>
      </IonModal>
    </>
  );
}

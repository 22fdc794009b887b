import { IonAvatar } from '@ionic/react';
import { useState } from 'react';
import { avatarSrc, initialsOf } from '../../lib/avatar';
import './user-avatar.css';

interface UserAvatarProps {
  firstName: string;
  lastName: string;
  imageName: string | null;
  size?: number;
}

/** The user's picture, or their initials when there is none (or it fails to load). */
export function UserAvatar({ firstName, lastName, imageName, size = 36 }: UserAvatarProps) {
  const src = avatarSrc(imageName, size * 2);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && src !== failedSrc;
  return (
    <IonAvatar className="user-avatar" style={{ width: `${size}px`, height: `${size}px` }} aria-hidden="true">
      {showImage ? (
        <img src={src} alt="" onError={() => setFailedSrc(src)} />
      ) : (
        <span className="user-avatar__initials">{initialsOf(firstName, lastName)}</span>
      )}
    </IonAvatar>
  );
}

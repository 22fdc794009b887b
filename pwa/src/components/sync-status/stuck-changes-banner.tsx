import { IonIcon } from '@ionic/react';
import { warningOutline } from 'ionicons/icons';
import { ageInWords } from './clock';

interface StuckChangesBannerProps {
  oldestAgeMs: number | null;
  attempts: number;
  lastError: string | null;
}

/** Changes have waited more than 24 hours or failed 10 times: the teacher should know before they are needed. */
export function StuckChangesBanner({ oldestAgeMs, attempts, lastError }: StuckChangesBannerProps) {
  const waited = oldestAgeMs !== null ? `The oldest has waited ${ageInWords(oldestAgeMs)}` : null;
  const failed = attempts > 0 ? `sending has failed ${attempts} time${attempts === 1 ? '' : 's'}` : null;
  const details = [waited, failed].filter(Boolean).join(' and ');
  return (
    <div className="sync-banner sync-banner--danger" role="alert">
      <IonIcon icon={warningOutline} aria-hidden="true" />
      <p>
        Some of your changes have not reached the server yet. {details ? `${details}. ` : ''}
        They are kept on this phone: please connect to the internet, or contact the office if this continues.
        {lastError ? ` Last error: ${lastError}` : ''}
      </p>
    </div>
  );
}

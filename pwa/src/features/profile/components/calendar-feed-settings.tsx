import { IonButton, IonSpinner } from '@ionic/react';
import { showDate, showDateTime } from '@rollbook/shared-types/display-dates';
import { useRef, useState } from 'react';
import { useNotify } from '../../../components/ui/notify';
import { useCalendarFeed, useCreateCalendarFeed, useStopCalendarFeed } from '../api/calendar-feed';
import { copyText } from '../../../lib/copy-text';

/**
 * The private calendar feed of a teacher or student: a URL calendar apps subscribe to. The server
 * keeps only a hash of it, so the URL is shown once, when made; making a new one ends the old one.
 */
export function CalendarFeedSettings() {
  const feed = useCalendarFeed(true);
  const create = useCreateCalendarFeed();
  const stop = useStopCalendarFeed();
  const notify = useNotify();
  const [asking, setAsking] = useState<'replace' | 'stop' | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const busy = create.isPending || stop.isPending;

  const makeLink = () =>
    create.mutate(undefined, {
      onSuccess: ({ path }) => setUrl(new URL(path, window.location.origin).href),
      onError: (error) => notify.error(error.message),
    });
  const stopSharing = () => stop.mutate(undefined, { onSuccess: () => setUrl(null), onError: (error) => notify.error(error.message) });
  const copy = async () => {
    if (!url) return;
    if (await copyText(url, field.current)) notify.success('Calendar link copied');
    else notify.error('Could not copy: select the link and copy it yourself');
  };

  if (feed.isPending) return <IonSpinner aria-label="Loading calendar feed" />;
  if (feed.isError) return <p role="alert">{feed.error.message}</p>;
  const status = feed.data;
  return (
    <div className="profile-calendar-feed">
      <p>
        Add your classes to Google Calendar, Apple Calendar or Outlook: subscribe to your private link (&lsquo;From URL&rsquo;).
        Changes to your classes reach the calendar the next time it refreshes. Anyone with the link can see your classes.
      </p>
      {url && (
        <>
          <input ref={field} className="profile-calendar-feed__url" readOnly value={url} aria-label="Calendar link" onFocus={(event) => event.target.select()} />
          <p>Copy it now: for your security it is shown only this once.</p>
          <IonButton onClick={() => void copy()}>COPY LINK</IonButton>
        </>
      )}
      {!url && status.active && status.createdAt && (
        <p>
          Your calendar link was made on {showDate(status.createdAt)}
          {status.lastFetchedAt ? ` and last read by a calendar on ${showDateTime(status.lastFetchedAt)}` : ' and has not been read by a calendar yet'}.
          It is shown only when made: for a copy, make a new link.
        </p>
      )}
      {asking && (
        // Asked in place (not an IonAlert): an alert would add a shared chunk to the phone's first visit.
        <div role="group" aria-label={asking === 'replace' ? 'Make a new calendar link?' : 'Stop sharing your calendar?'}>
          <p>
            <strong>{asking === 'replace' ? 'Make a new calendar link?' : 'Stop sharing your calendar?'}</strong>{' '}
            The current link stops working, and calendars subscribed to it stop updating{asking === 'replace' ? ' until you give them the new one' : ''}.
          </p>
          <IonButton color="danger" onClick={() => { setAsking(null); if (asking === 'replace') makeLink(); else stopSharing(); }}>
            {asking === 'replace' ? 'NEW LINK' : 'STOP SHARING'}
          </IonButton>
          <IonButton fill="clear" onClick={() => setAsking(null)}>CANCEL</IonButton>
        </div>
      )}
      {status.active && !asking ? (
        <>
          <IonButton fill="outline" disabled={busy} onClick={() => setAsking('replace')}>NEW LINK</IonButton>
          <IonButton fill="clear" color="danger" disabled={busy} onClick={() => setAsking('stop')}>STOP SHARING</IonButton>
        </>
      ) : status.active ? null : (
        <IonButton disabled={busy} onClick={makeLink}>MAKE CALENDAR LINK</IonButton>
      )}
    </div>
  );
}

import { IonLabel, IonSegment, IonSegmentButton, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { CalendarView } from '../../../components/ui/calendar-view';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { useRoom } from '../api/get-room';
import { RoomDetailsForm } from './room-details-form';
import '../../../components/scheduling/scheduling.css';

type Tab = 'details' | 'calendar';

/** /roomsForm and /roomsForm/:id: tabs Details and Calendar (type R). */
export default function RoomFormPage() {
  const { id } = useParams<{ id?: string }>();
  const parsed = Number(id);
  const roomId = Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  const room = useRoom(roomId);
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('details');
  const isNew = roomId === null;

  return (
    <SignedInPage title="Room">
      {!isNew && room.isPending && <IonSpinner aria-label="Loading room" />}
      {!isNew && room.isError && <p className="sched-inline-error" role="alert">{errorMessage(room.error)}</p>}
      {(isNew || room.data) && (
        <>
          <IonSegment className="sched-segment" value={tab} onIonChange={(event) => setTab((event.detail.value as Tab) ?? 'details')}>
            <IonSegmentButton value="details"><IonLabel>Details</IonLabel></IonSegmentButton>
            <IonSegmentButton value="calendar" disabled={isNew}><IonLabel>Calendar</IonLabel></IonSegmentButton>
          </IonSegment>
          {tab === 'details' && (
            <RoomDetailsForm key={roomId ?? 'new'} room={room.data ?? null} onCreated={(created) => navigate(`/roomsForm/${created.roomId}`, { replace: true })} />
          )}
          {tab === 'calendar' && roomId !== null && <CalendarView type="R" id={roomId} initialView="timeGridWeek" />}
        </>
      )}
    </SignedInPage>
  );
}

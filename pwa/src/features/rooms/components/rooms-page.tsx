import { IonButton, IonSpinner } from '@ionic/react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../scheduling-lookups/components/field-errors';
import { useRooms } from '../api/get-rooms';
import '../../scheduling-lookups/components/scheduling.css';

/** /rooms: every room; a row opens its form (spec §2.7). */
export default function RoomsPage() {
  const rooms = useRooms();
  const navigate = useNavigate();
  const open = (roomId: number) => navigate(`/roomsForm/${roomId}`);
  return (
    <SignedInPage title="Rooms">
      <div className="sched-toolbar">
        <h2>{rooms.data ? `${rooms.data.length} rooms` : ''}</h2>
        <IonButton onClick={() => navigate('/roomsForm')}>ADD ROOM</IonButton>
      </div>
      {rooms.isPending && <IonSpinner aria-label="Loading rooms" />}
      {rooms.isError && <p className="sched-inline-error" role="alert">{errorMessage(rooms.error)}</p>}
      {rooms.data && rooms.data.length === 0 && <p className="sched-empty">No rooms currently</p>}
      {rooms.data && rooms.data.length > 0 && (
        <div className="sched-table-wrap">
          <table className="sched-table rooms-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Company</th>
                <th scope="col" className="sched-num">Capacity</th>
                <th scope="col">Description</th>
              </tr>
            </thead>
            <tbody>
              {rooms.data.map((room) => (
                <tr key={room.roomId} className="sched-row--link" onClick={() => open(room.roomId)}>
                  <td>
                    <a href={`/roomsForm/${room.roomId}`} onClick={(event) => { event.preventDefault(); event.stopPropagation(); open(room.roomId); }}>
                      {room.name}
                    </a>
                  </td>
                  <td>{room.company}</td>
                  <td className="sched-num">{room.capacity}</td>
                  <td>{room.description ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </SignedInPage>
  );
}

import { IonButton, IonSpinner } from '@ionic/react';
import type { RoomSortKey } from '@rollbook/shared-types/rooms';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { SignedInPage } from '../../../app/layout/signed-in-page';
import { errorMessage } from '../../../components/form-fields/field-errors';
import { SelectField } from '../../../components/form-fields/select-field';
import { ListPageNav } from '../../../components/ui/list-page-nav';
import { ListSearchField } from '../../../components/ui/list-search-field';
import { SortHeader } from '../../../components/ui/sort-header';
import { searchListOrder, searchListSortedBy, withSearch } from '../../../lib/search-list-url';
import { useLastPageWhenPastTheEnd } from '../../../lib/use-last-page';
import { useListUrl, type ShowHow } from '../../../lib/use-list-url';
import { useCompanies } from '../../../lookups/get-companies';
import { useRoomPage } from '../api/get-room-page';
import { ROOM_LIST, roomListFromSearch, roomListParams, roomListRequest, type RoomListState } from './room-list-url';
import '../../../components/scheduling/scheduling.css';

const COLUMNS: { label: string; sortKey: RoomSortKey; className?: string }[] = [
  { label: 'Name', sortKey: 'name' },
  { label: 'Company', sortKey: 'company' },
  { label: 'Capacity', sortKey: 'capacity', className: 'sched-num' },
  { label: 'Description', sortKey: 'description' },
];

/**
 * /rooms: the school's rooms, one page at a time; a row opens its form (spec §2.7). Search,
 * company, page and order live in the address, and the request is made from the address alone.
 */
export default function RoomsPage() {
  const navigate = useNavigate();
  const { search, show } = useListUrl('/rooms');
  const state = useMemo(() => roomListFromSearch(search), [search]);
  const go = (next: RoomListState, how?: ShowHow) => show(roomListParams(next), how);
  const rooms = useRoomPage(roomListRequest(state));
  const companies = useCompanies();
  const data = rooms.data;
  const order = searchListOrder(state, ROOM_LIST);

  useLastPageWhenPastTheEnd(rooms, state, (last) => show(roomListParams(last), { replace: true }));

  const filtered = state.q !== '' || state.companyId !== 0;
  const open = (roomId: number) => navigate(`/roomsForm/${roomId}`);
  return (
    <SignedInPage title="Rooms">
      <div className="sched-toolbar">
        <h2>{data ? `${data.total} rooms` : ''}</h2>
        <IonButton onClick={() => navigate('/roomsForm')}>ADD ROOM</IonButton>
      </div>
      <div className="sched-filters" role="search" aria-label="Search rooms">
        <ListSearchField label="Search" placeholder="Room, company or description" value={state.q} onSearch={(q) => go(withSearch(state, q), { typing: true })} />
        <SelectField
          label="Company"
          value={state.companyId}
          options={[{ value: 0, label: 'All' }, ...(companies.data ?? []).map((c) => ({ value: c.companyId, label: c.name }))]}
          onChange={(value) => go({ ...state, companyId: Number(value), page: 1 })}
        />
      </div>
      {rooms.isPending && <IonSpinner aria-label="Loading rooms" />}
      {rooms.isError && <p className="sched-inline-error" role="alert">{errorMessage(rooms.error)}</p>}
      {data && data.total === 0 && <p className="sched-empty">{filtered ? 'No rooms found' : 'No rooms currently'}</p>}
      {data && data.total > 0 && (
        <div className="sched-table-wrap">
          <table className="sched-table rooms-table" aria-busy={rooms.isPlaceholderData}>
            <thead>
              <tr>
                {COLUMNS.map((column) => (
                  <SortHeader
                    key={column.sortKey}
                    label={column.label}
                    sortKey={column.sortKey}
                    order={order}
                    className={column.className}
                    onSort={(key) => go(searchListSortedBy(state, key, ROOM_LIST))}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rooms.map((room) => (
                <tr key={room.roomId} className="sched-row--link" data-room-id={room.roomId} onClick={() => open(room.roomId)}>
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
      {data && data.total > 0 && (
        <ListPageNav
          noun="rooms"
          page={state.page}
          pageSize={state.pageSize}
          total={data.total}
          pageSizes={ROOM_LIST.pageSizes}
          onPage={(page) => go({ ...state, page })}
          onPageSize={(pageSize) => go({ ...state, pageSize, page: 1 })}
        />
      )}
    </SignedInPage>
  );
}

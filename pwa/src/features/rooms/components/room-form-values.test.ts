import { describe, expect, it } from 'vitest';
import { checkRoomForm, formFromRoom, NEW_ROOM, sameRoomValues } from './room-form-values';

describe('room form', () => {
  it('starts a new room with a capacity of 10', () => {
    expect(NEW_ROOM.capacity).toBe('10');
  });

  it('asks for a name and a company with the spec messages', () => {
    expect(checkRoomForm(NEW_ROOM, null).fieldErrors).toEqual({ name: ['Please enter a room name'], companyId: ['Please select a company'] });
  });

  it('refuses a capacity that is not a whole number and sends a valid room', () => {
    expect(checkRoomForm({ ...NEW_ROOM, name: 'Lab', companyId: 2, capacity: '2.5' }, null).fieldErrors).toEqual({ capacity: ['Please enter a capacity from 1 to 10000'] });
    expect(checkRoomForm({ ...NEW_ROOM, name: 'Lab', companyId: 2 }, 7).request).toEqual({ roomId: 7, name: 'Lab', companyId: 2, capacity: 10, description: '' });
    expect(checkRoomForm({ ...NEW_ROOM, name: 'Lab', companyId: 2, capacity: ' 025 ' }, 7).request?.capacity).toBe(25);
    expect(checkRoomForm({ ...NEW_ROOM, name: 'Lab', companyId: 2, capacity: '' }, 7).request?.capacity).toBe('');
  });

  it('reads a saved room back and notices a change', () => {
    const values = formFromRoom({ roomId: 1, name: 'Room A', capacity: 12, companyId: 3, company: 'ACME', description: null });
    expect(values).toEqual({ name: 'Room A', companyId: 3, capacity: '12', description: '' });
    expect(sameRoomValues(values, { ...values, capacity: '13' })).toBe(false);
  });
});

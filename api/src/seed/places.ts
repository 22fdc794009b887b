// Places, companies and phone numbers. Phone numbers come from Ofcom's ranges reserved for drama
// (07700 900xxx, 01632 960xxx) and e-mail domains from the reserved .example/.test names, so the
// demo never points at a real person.
import type { Random } from './prng.js';

export interface Town {
  town: string;
  county: string;
  postArea: string;
}

export const TOWNS: readonly Town[] = [
  { town: 'Oxford', county: 'Oxfordshire', postArea: 'OX' },
  { town: 'Abingdon', county: 'Oxfordshire', postArea: 'OX' },
  { town: 'Banbury', county: 'Oxfordshire', postArea: 'OX' },
  { town: 'Reading', county: 'Berkshire', postArea: 'RG' },
  { town: 'Swindon', county: 'Wiltshire', postArea: 'SN' },
  { town: 'Milton Keynes', county: 'Buckinghamshire', postArea: 'MK' },
  { town: 'High Wycombe', county: 'Buckinghamshire', postArea: 'HP' },
  { town: 'Cheltenham', county: 'Gloucestershire', postArea: 'GL' },
  { town: 'Bristol', county: 'Bristol', postArea: 'BS' },
  { town: 'Bath', county: 'Somerset', postArea: 'BA' },
  { town: 'Cambridge', county: 'Cambridgeshire', postArea: 'CB' },
  { town: 'Birmingham', county: 'West Midlands', postArea: 'B' },
  { town: 'London', county: 'Greater London', postArea: 'EC' },
];

export const STREETS = [
  'High Street', 'Station Road', 'Church Lane', 'Victoria Road', 'Park Road', 'Banbury Road', 'Iffley Road',
  'Cowley Road', 'London Road', 'Mill Lane', 'King Street', 'Queen Street', 'The Green', 'Botley Road',
  'Woodstock Road', 'St Clements Street', 'Walton Street', 'Kingston Road', 'Marlborough Road', 'Headington Road',
];

export function streetAddress(random: Random): string {
  return `${random.int(1, 220)} ${random.pick(STREETS)}`;
}

export function postCode(random: Random, postArea: string): string {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  return `${postArea}${random.int(1, 28)} ${random.int(1, 9)}${random.pick([...letters])}${random.pick([...letters])}`;
}

export function mobileNumber(random: Random): string {
  return `07700 900${String(random.int(0, 999)).padStart(3, '0')}`;
}

export function landlineNumber(random: Random): string {
  return `01632 960${String(random.int(0, 999)).padStart(3, '0')}`;
}

/** Where private lessons happen when they are not online. */
export const SCHOOL_ADDRESS = 'Rollbook Language Centre, 14 St Giles, Oxford OX1 3JS';

export const COMPANY_FIRST_WORDS = [
  'Acme', 'Globex', 'Northwind', 'Harbour', 'Meridian', 'Cotswold', 'Thames', 'Radcliffe', 'Isis', 'Kestrel',
  'Summit', 'Beacon', 'Pinnacle', 'Oakridge', 'Bluebell', 'Sterling', 'Aldgate', 'Westbury', 'Orchard', 'Falcon',
  'Granite', 'Lattice', 'Quantum', 'Juniper', 'Redwood', 'Silverline', 'Brookfield', 'Castlegate', 'Evergreen', 'Horizon',
];

export const COMPANY_SECOND_WORDS: readonly (readonly [string, string])[] = [
  ['Logistics', 'Ltd'], ['Pharmaceuticals', 'plc'], ['Trading', 'Ltd'], ['Engineering', 'Ltd'], ['Solicitors', 'LLP'],
  ['Biotech', 'Ltd'], ['Software', 'Ltd'], ['Hotels', 'Group'], ['Motors', 'Ltd'], ['Publishing', 'Ltd'],
  ['Consulting', 'LLP'], ['Foods', 'plc'], ['Aerospace', 'Ltd'], ['Energy', 'plc'], ['Insurance', 'Ltd'],
];

export const ROOM_NAMES = ['Training Room 1', 'Boardroom', 'Meeting Room B', 'Library Room', 'Seminar Room', 'Conference Suite'];

export const ROOM_DESCRIPTIONS = [
  'Ground floor, wall screen and whiteboard',
  'Second floor, seats around one table, video-conference kit',
  'Quiet room next to reception; flipchart only',
  'Large room with projector; book through facilities',
  'Glass-walled meeting room, HDMI cable on the table',
  'Top floor; lift access, bring your own laptop',
];

export const JOB_TITLES = [
  'HR Manager', 'Learning & Development Lead', 'Office Manager', 'Training Coordinator', 'People Partner',
  'Operations Director', 'Executive Assistant', 'Talent Manager',
];

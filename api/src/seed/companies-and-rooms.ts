import { firstNamesFor, LAST_NAMES, slugName } from './names.js';
import {
  COMPANY_FIRST_WORDS, COMPANY_SECOND_WORDS, JOB_TITLES, ROOM_DESCRIPTIONS, ROOM_NAMES, TOWNS,
  landlineNumber, mobileNumber, postCode, streetAddress,
} from './places.js';
import { scaled, type SeedContext } from './seed-plan.js';

export interface CompanyInfo {
  companyId: number;
  code: string;
  name: string;
  /** E-mail domain of its staff. */
  domain: string;
  primaryAddressId: number;
  addressIds: number[];
  roomIds: number[];
  /** Relative size: how many students and courses it gets. */
  weight: number;
}

// The first four are the ones the demo walk-through names.
const FIXED_COMPANIES = [
  { name: 'Acme Logistics Ltd', code: 'ACME' },
  { name: 'Globex Pharmaceuticals plc', code: 'GLOBEX' },
  { name: 'Northwind Trading Ltd', code: 'NWT' },
  { name: 'Harbour & Finch Solicitors LLP', code: 'HFS' },
];

export function planCompaniesAndRooms(ctx: SeedContext): CompanyInfo[] {
  const random = ctx.random.fork('companies');
  const { rows } = ctx;
  const count = scaled(ctx, 4, 3);
  const names = companyNames(ctx, count);
  const companies: CompanyInfo[] = [];
  for (let i = 0; i < count; i++) {
    const { name, code } = names[i] as { name: string; code: string };
    const companyId = i + 1;
    const domain = `${name.split(' ')[0]?.toLowerCase().replace(/[^a-z]/g, '')}${i >= FIXED_COMPANIES.length ? companyId : ''}.example`;
    rows.companies.push({ companyId, name, code, createdAt: new Date(ctx.now.getTime() - random.int(400, 900) * 86_400_000) });

    const addressIds: number[] = [];
    const addressCount = random.chance(0.5) ? random.int(2, 3) : 1;
    for (let a = 0; a < addressCount; a++) {
      const town = random.pick(TOWNS);
      const addressId = rows.companyAddresses.length + 1;
      rows.companyAddresses.push({
        addressId, companyId, isPrimary: a === 0,
        address1: a === 0 ? `${name.split(' ')[0]} House, ${streetAddress(random)}` : `Unit ${random.int(1, 40)}, ${streetAddress(random)}`,
        address2: random.chance(0.3) ? `${random.pick(['North', 'East', 'Riverside', 'Central'])} Business Park` : null,
        town: town.town, county: town.county, postCode: postCode(random, town.postArea),
      });
      addressIds.push(addressId);
    }

    for (const kind of random.chance(0.6) ? ['primary', 'secondary'] : ['primary']) {
      const genderId = random.int(1, 2);
      const first = random.pick(firstNamesFor(genderId));
      const last = random.pick(LAST_NAMES);
      rows.companyContacts.push({
        contactId: rows.companyContacts.length + 1, companyId, kind, name: `${first} ${last}`,
        jobTitle: random.pick(JOB_TITLES), mobile: mobileNumber(random), landline: landlineNumber(random),
        email: `${slugName(first, last)}@${domain}`,
      });
    }
    companies.push({ companyId, code, name, domain, primaryAddressId: addressIds[0] as number, addressIds, roomIds: [], weight: random.int(2, 6) });
  }

  // 6 rooms for every 4 companies: the first and third of each four have two.
  const roomCount = scaled(ctx, 6);
  const roomOffsets = [0, 0, 1, 2, 2, 3];
  for (let r = 0; r < roomCount; r++) {
    const index = 4 * Math.floor(r / 6) + (roomOffsets[r % 6] as number);
    const company = (companies[index] ?? companies[r % companies.length]) as CompanyInfo;
    const roomId = r + 1;
    rows.rooms.push({
      roomId, companyId: company.companyId,
      name: company.roomIds.length === 0 ? random.pick(ROOM_NAMES.slice(0, 3)) : random.pick(ROOM_NAMES.slice(3)),
      capacity: random.pick([6, 8, 10, 10, 12, 16, 20]), description: random.pick(ROOM_DESCRIPTIONS),
    });
    company.roomIds.push(roomId);
  }
  return companies;
}

function companyNames(ctx: SeedContext, count: number): { name: string; code: string }[] {
  const random = ctx.random.fork('company-names');
  const result = FIXED_COMPANIES.slice(0, count);
  const usedNames = new Set(result.map((c) => c.name));
  const usedCodes = new Set(result.map((c) => c.code));
  const combos = random.shuffle(COMPANY_FIRST_WORDS.flatMap((first) => COMPANY_SECOND_WORDS.map((second) => [first, second] as const)));
  for (let i = 0; result.length < count; i++) {
    const [first, [industry, suffix]] = combos[i % combos.length] as (typeof combos)[number];
    const round = Math.floor(i / combos.length);
    const name = `${first} ${industry}${round > 0 ? ` ${round + 1}` : ''} ${suffix}`;
    if (usedNames.has(name)) continue;
    let code = first.toUpperCase().slice(0, 6);
    if (usedCodes.has(code)) code = `${first.slice(0, 3)}${industry.slice(0, 3)}`.toUpperCase();
    for (let n = 2; usedCodes.has(code); n++) code = `${first.slice(0, 3)}${industry.slice(0, 3)}${n}`.toUpperCase();
    usedNames.add(name);
    usedCodes.add(code);
    result.push({ name, code });
  }
  return result;
}

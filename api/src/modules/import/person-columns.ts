import type { ColumnTypes } from './json-rows.js';

// The stored columns students and teachers share, as an import writes them (snake_case, dates
// 'yyyy-MM-dd'), each stated once; each kind's repository adds its own.

export interface PersonColumns {
  external_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  gender_id: number | null;
  date_of_birth: string | null;
  nationality_id: number | null;
  address1: string | null;
  address2: string | null;
  town: string | null;
  county: string | null;
  post_code: string | null;
  mobile: string | null;
  landline: string | null;
  notes: string | null;
}

export const PERSON_COLUMN_TYPES = {
  external_id: 'text', first_name: 'text', last_name: 'text', email: 'text', gender_id: 'smallint', date_of_birth: 'date',
  nationality_id: 'int', address1: 'text', address2: 'text', town: 'text', county: 'text', post_code: 'text',
  mobile: 'text', landline: 'text', notes: 'text',
} as const satisfies Record<keyof PersonColumns, string> & ColumnTypes;

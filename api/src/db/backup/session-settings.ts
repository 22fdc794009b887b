import { sql, type Kysely } from 'kysely';

/**
 * Fixes how values are written as text and read back, whatever the server's defaults: timestamps
 * in UTC ISO form, bytea as hex, floats to their exact shortest form. Local to the transaction.
 */
export async function useExactTextForms(trx: Kysely<any>): Promise<void> {
  await sql`set local timezone = 'UTC'`.execute(trx);
  await sql`set local datestyle = 'ISO, YMD'`.execute(trx);
  await sql`set local intervalstyle = 'postgres'`.execute(trx);
  await sql`set local bytea_output = 'hex'`.execute(trx);
  await sql`set local extra_float_digits = 3`.execute(trx);
}

// Fragments for statements that build their JSON answer in PostgreSQL (the sync pull's, the
// bench's ideal ones): values written exactly as the API's serializer writes them.

/** An instant as JavaScript's toISOString() writes it (UTC, milliseconds, Z). */
export const isoInstant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A calendar date as 'dd/MM/yyyy', '' when null (how the screens show dates). */
export const shownDate = (column: string) => `coalesce(to_char(${column}, 'DD/MM/YYYY'), '')`;

import { sql, type RawBuilder } from 'kysely';

// Status codes go into hand-written SQL as literals, as the bare numbers did: a parameter would
// change the statement's text and could let PostgreSQL choose a generic plan for it.

/** `(a, b, c)`: a list of literal codes for `in` and `not in`. */
export const literalList = (values: readonly number[]): RawBuilder<unknown> => sql`(${sql.join(values.map((v) => sql.lit(v)))})`;

import type pg from 'pg';

// The ideal side of the bench: for each hot path, the fewest hand-written SQL statements that give
// exactly the API's answer, through a plain node-postgres pool. Each read path is one statement
// that builds the whole JSON answer in PostgreSQL, so Node only passes a string on: no ORM, no row
// mapping, no serializer. Statements are named, so PostgreSQL plans each once per connection, as
// the API's pool does with Kysely's.

export type Queryable = Pick<pg.Pool, 'query'>;

/** The JSON text of a one-row, one-column `answer` statement. */
export async function answerOf(pool: Queryable, name: string, text: string, values: unknown[]): Promise<string> {
  const { rows } = await pool.query<{ answer: string }>({ name, text, values });
  const answer = rows[0]?.answer;
  if (answer === undefined) throw new Error(`The ideal ${name} returned no answer`);
  return answer;
}

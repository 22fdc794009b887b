import pg from 'pg';

// The demo school gives only a handful of teachers a sign-in: too few for 32 phones, one per
// teacher (push-lines.ts phoneSlots). The bench database (its own, never a real one) gets sign-ins
// for the teachers with the most markable lines, username bench.teacher.<id>, sharing the demo
// password's hash.

const MARKABLE = `
  from class_attendance ca
  join classes c on c.class_id = ca.class_id
  join courses co on co.course_id = c.course_id
 where c.starts_at < now() and c.status_id not in (4, 5, 6)
   and co.course_status_id not in (1, 4, 5) and ca.status_id <> 0`;

export interface TeacherLogin {
  username: string;
  teacherId: number;
}

/** `wanted` teachers (or as many as have markable lines) with a sign-in, most markable lines first. */
export async function ensureTeacherLogins(url: string, wanted: number): Promise<TeacherLogin[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ teacher_id: number; n: string; username: string | null }>(
      `select c.teacher_id, count(*) as n, u.username ${MARKABLE.replace('where', `
         join teachers t on t.teacher_id = c.teacher_id
         left join users u on u.user_id = t.user_id and u.active
        where`)}
       group by c.teacher_id, u.username order by count(*) desc, c.teacher_id limit 200`);
    const picked: TeacherLogin[] = [];
    await client.query('begin');
    const { rows: [demo] } = await client.query<{ password_hash: string }>(`select password_hash from users where username = 'teacher'`);
    if (!demo) throw new Error('The bench database has no demo teacher sign-in');
    for (const row of rows) {
      if (picked.length >= wanted) break;
      let username = row.username;
      if (!username) {
        username = `bench.teacher.${row.teacher_id}`;
        const { rows: [user] } = await client.query<{ user_id: number }>(
          `insert into users (username, password_hash, first_name, last_name)
           select $1, $2, first_name, last_name from teachers where teacher_id = $3 returning user_id`,
          [username, demo.password_hash, row.teacher_id]);
        await client.query(`insert into user_roles (user_id, role, entity_id) values ($1, 'Teacher', $2)`, [user?.user_id, row.teacher_id]);
        await client.query(`update teachers set user_id = $1 where teacher_id = $2`, [user?.user_id, row.teacher_id]);
      }
      picked.push({ username, teacherId: row.teacher_id });
    }
    await client.query('commit');
    return picked;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

import { ATTENDANCE_MESSAGES } from '@rollbook/shared-types/attendance';
import { RECOMPUTED_BY_MARKING_CLASS_STATUSES } from '@rollbook/shared-types/class-status-rules';
import { AttendanceStatus, ClassStatus, CourseStatus } from '@rollbook/shared-types/statuses';
import type { PushRequest } from '@rollbook/shared-types/sync';
import { requestHash } from '../../../../api/src/modules/sync/request-hash.js';
import type { Queryable } from './ideal-query.js';

// A teacher's push of marks (the bench's "sync push, 50 marks") as one statement, so one
// transaction: the phone's row bound and locked with last_seq moved to the batch's last seq, the
// classes locked with what the rules need, the register lines locked, each mark decided as the
// API's markAttendance and settleMark decide it (refused by a class rule, not on the register,
// stale base version: a conflict, or applied at the line's version when it already has the
// status; same status: applied, no write; else written), the written lines in one update (their
// version moved by the tracking trigger), the touched classes' stored status recomputed from
// their lines as they are after the marks, and the records inserted, with the audit actor set for
// the statement's audit triggers (which run at its end). bench/test/ideal-push.test.ts holds it
// to the rows and answers the API leaves.
//
// What it does not cover (it throws, and applies nothing, rather than answer otherwise than the
// API): another kind of change, seqs that do not follow last_seq, a mutation id already recorded
// (a duplicate), one line marked twice in a batch, and a stale base version on a line this phone
// has recorded changes of since (the API rebases it on the phone's own history).

const M = ATTENDANCE_MESSAGES;
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const RECOMPUTED = RECOMPUTED_BY_MARKING_CLASS_STATUSES.join(', ');
const { Pending, NotEnrolled } = AttendanceStatus;

const PUSH = `
with marks as materialized (
  select * from jsonb_to_recordset($5::jsonb)
    as m(i int, mutation_id uuid, seq int, class_id int, student_id int, status_id int, base int, made_at timestamptz, hash text, args jsonb)
), actor as materialized (select set_config('rollbook.actor', $6::text, true) as setting
), client as (
  insert into sync_clients as s (client_id, user_id, last_seq) values ($1::uuid, $2::int, $8::int)
  on conflict (client_id) do update set last_seen_at = now(), last_seq = excluded.last_seq
    where s.user_id = $2::int and s.last_seq = $7::int - 1
  returning s.user_id, (s.xmax = 0) as inserted
), cls as materialized (
  select c.class_id, c.teacher_id, c.status_id, co.course_status_id, c.starts_at > now() as not_started
    from classes c join courses co on co.course_id = c.course_id
   where c.class_id in (select class_id from marks)
   order by c.class_id for update of c
), refusal as materialized (
  select m.i, case
      when c.class_id is null or not ($4::boolean or c.teacher_id = $3::int) then ${lit(M.classNotFound)}
      when c.course_status_id = ${CourseStatus.Draft} then ${lit(M.draft)}
      when c.course_status_id = ${CourseStatus.Archived} then ${lit(M.archived)}
      when c.course_status_id = ${CourseStatus.Suspended} then ${lit(M.suspended)}
      when c.status_id = ${ClassStatus.Paid} then ${lit(M.paid)}
      when c.status_id in (${ClassStatus.Archived}, ${ClassStatus.Suspended}) then ${lit(M.classNotMarkable)}
      when c.not_started then ${lit(M.notStarted)}
    end as message
    from marks m left join cls c on c.class_id = m.class_id
), lines as materialized (
  select a.class_id, a.student_id, a.status_id, a.version
    from class_attendance a join marks m on a.class_id = m.class_id and a.student_id = m.student_id
   where m.i in (select i from refusal where message is null)
   order by a.class_id, a.student_id for update of a
), decided as materialized (
  select m.*, r.message as refusal, l.status_id as line_status, l.version as line_version,
         case when r.message is not null then 'refused'
              when l.class_id is null or l.status_id = ${NotEnrolled} then 'not on register'
              when l.version <> m.base then 'stale'
              when l.status_id = m.status_id then 'same'
              else 'write' end as step
    from marks m join refusal r on r.i = m.i left join lines l on l.class_id = m.class_id and l.student_id = m.student_id
), saved as (
  update class_attendance a
     set status_id = d.status_id, is_override = false,
         marked_at = case when d.status_id <> ${Pending} then now() end,
         marked_by = case when d.status_id <> ${Pending} then $2::int end
    from decided d
   where d.step = 'write' and a.class_id = d.class_id and a.student_id = d.student_id
  returning a.class_id, a.student_id, a.version
), counts as (
  select t.class_id,
         count(*) filter (where coalesce(d.status_id, a.status_id) <> ${NotEnrolled}) as on_register,
         count(*) filter (where coalesce(d.status_id, a.status_id) = ${Pending}) as pending
    from (select distinct class_id from decided where step in ('write', 'same')) t
    left join class_attendance a on a.class_id = t.class_id
    left join decided d on d.step = 'write' and d.class_id = a.class_id and d.student_id = a.student_id
   group by t.class_id
), stored as (
  update classes c set status_id = case when k.on_register > 0 and k.pending = 0 then ${ClassStatus.Marked} else ${ClassStatus.Scheduled} end
    from counts k where c.class_id = k.class_id and c.status_id in (${RECOMPUTED})
  returning c.class_id
), answers as materialized (
  select d.i, d.mutation_id, d.seq, d.hash, d.made_at, d.args, a.status, a.version, a.message, a.server,
         case when a.status = 'applied' then 'attendance:' || d.class_id || ':' || d.student_id end as target,
         case d.step when 'stale' then d.line_version else d.base end as version_before
    from decided d left join saved s on s.class_id = d.class_id and s.student_id = d.student_id
   cross join lateral (select
       case when d.step in ('refused', 'not on register') then 'rejected'
            when d.step = 'stale' and d.line_status <> d.status_id then 'conflict'
            else 'applied' end as status,
       case d.step when 'write' then s.version when 'same' then d.line_version
                   when 'stale' then case when d.line_status = d.status_id then d.line_version end end as version,
       case d.step when 'refused' then d.refusal when 'not on register' then ${lit(M.notOnRegister)}
                   when 'stale' then case when d.line_status <> d.status_id then ${lit(M.conflict)} end end as message,
       case when d.step = 'stale' and d.line_status <> d.status_id
            then jsonb_build_object('statusId', d.line_status, 'version', d.line_version) end as server) a
), recorded as (
  insert into applied_mutations (mutation_id, client_id, user_id, seq, name, request_hash, outcome, result, made_at, target, version_before, version_after)
  select mutation_id, $1::uuid, $2::int, seq, 'markAttendance', hash, status,
         jsonb_strip_nulls(jsonb_build_object('status', status, 'version', version, 'message', message, 'server', server)) || jsonb_build_object('args', args),
         made_at, target, case when target is not null then version_before end, case when target is not null then version end
    from answers
  on conflict do nothing
  returning seq
), guard as materialized (
  select case
      when not exists (select 1 from client) then 'the phone is another user''s, or its last seq is not the batch''s first seq - 1'
      when (select inserted from client) and $7::int <> 1 then 'a new phone''s first seq is not 1'
      when (select count(*) from recorded) <> (select count(*) from marks) then 'a mutation id is already recorded'
      when exists (select 1 from decided d join applied_mutations r on r.client_id = $1::uuid
                    where d.step = 'stale' and (r.target = 'register:' || d.class_id
                      or (r.target = 'attendance:' || d.class_id || ':' || d.student_id and r.version_before >= d.base and r.outcome = 'applied')))
        then 'a stale base version on a line this phone changed since: the API rebases it'
    end as refusal
)
select (select setting from actor) is not null as actor_set,
       (select ('ideal push refused: ' || refusal)::int from guard where refusal is not null) as refused,
       json_agg(json_strip_nulls(json_build_object('mutationId', mutation_id, 'seq', seq, 'status', status, 'version', version,
         'message', message, 'server', server)) order by i)::text as results
  from answers`;

export interface PushCaller {
  userId: number;
  teacherId: number | null;
  isAdmin: boolean;
}

/** The push's JSON answer text (PushResponse) for a batch of marks from a phone of `caller`. */
export async function idealPush(pool: Queryable, caller: PushCaller, req: PushRequest): Promise<string> {
  const ms = req.mutations;
  const lines = new Set(ms.map((m) => { const a = m.args as { classId: number; studentId: number }; return `${a.classId}:${a.studentId}`; }));
  if (ms.some((m) => m.name !== 'markAttendance') || new Set(ms.map((m) => m.mutationId)).size !== ms.length || lines.size !== ms.length
    || ms.some((m, i) => m.seq !== (ms[0]?.seq ?? 0) + i)) {
    throw new Error('The ideal push covers a batch of marks of distinct lines with new ids and consecutive seqs');
  }
  const marks = ms.map((m, i) => {
    const args = m.args as { classId: number; studentId: number; statusId: number };
    return {
      i, mutation_id: m.mutationId, seq: m.seq, class_id: args.classId, student_id: args.studentId, status_id: args.statusId,
      base: Math.max(m.baseVersion, 1), made_at: m.madeAt, hash: requestHash(req.clientId, m), args: m.args,
    };
  });
  // As the API's run of marks: each line's audit entry at its mark's device time, the classes' at the last.
  const actor = {
    user: caller.userId, source: 'phone', at: ms.at(-1)?.madeAt,
    times: Object.fromEntries(marks.map((m) => [`${m.class_id}:${m.student_id}`, m.made_at])),
  };
  const first = ms[0]?.seq ?? 0;
  const last = ms.at(-1)?.seq ?? 0;
  const { rows: [row] } = await pool.query<{ results: string }>({
    name: 'ideal_sync_push',
    text: PUSH,
    values: [req.clientId, caller.userId, caller.teacherId, caller.isAdmin, JSON.stringify(marks), JSON.stringify(actor), first, last],
  });
  if (!row) throw new Error('The ideal push returned no row');
  return `{"results":${row.results},"lastSeq":${last}}`;
}

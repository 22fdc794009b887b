import { slugName } from './names.js';
import type { StudentPlan, TeacherInfo } from './people.js';
import type { SeedContext } from './seed-plan.js';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoLogin {
  username: string;
  role: 'CompanyAdmin' | 'Teacher' | 'Student';
  /** Teacher or student id; null for the admin. */
  entityId: number | null;
  name: string;
}

export interface DemoUsers {
  adminUserId: number;
  logins: DemoLogin[];
}

const GDPR_CODES = ['EMAIL', 'PERSONAL', 'MARKETING', 'SALES'];

/**
 * The four fixed sign-ins (admin, teacher, teacher2, student) plus a few more teachers and
 * students with logins, all with the demo password. Links teachers.user_id and students.user_id.
 */
export function planUsers(ctx: SeedContext, passwordHash: string, teachers: TeacherInfo[], students: StudentPlan): DemoUsers {
  const random = ctx.random.fork('users');
  const logins: DemoLogin[] = [];
  const addUser = (username: string, role: DemoLogin['role'], entityId: number | null, person: { firstName: string; lastName: string; email: string | null; avatarId: number | null }) => {
    const userId = ctx.rows.users.length + 1;
    ctx.rows.users.push({
      userId, username, passwordHash, firstName: person.firstName, lastName: person.lastName, email: person.email,
      avatarId: person.avatarId, active: true, createdAt: new Date(ctx.now.getTime() - random.int(30, 400) * 86_400_000),
    });
    ctx.rows.userRoles.push({ userRoleId: ctx.rows.userRoles.length + 1, userId, role, entityId, sortOrder: 0 });
    for (const code of GDPR_CODES) {
      const consent = code === 'EMAIL' || code === 'PERSONAL' ? true : random.chance(0.4);
      ctx.rows.gdprConsents.push({ userId, code, consent, updatedAt: new Date(ctx.now.getTime() - random.int(1, 300) * 86_400_000) });
    }
    logins.push({ username, role, entityId, name: `${person.firstName} ${person.lastName}` });
    return userId;
  };

  const adminUserId = addUser('admin', 'CompanyAdmin', null, { firstName: 'Alex', lastName: 'Morgan', email: 'admin@rollbook.test', avatarId: 11 });

  const teacherRow = (teacherId: number) => ctx.rows.teachers[teacherId - 1] as (typeof ctx.rows.teachers)[number];
  const studentRow = (studentId: number) => ctx.rows.students[studentId - 1] as (typeof ctx.rows.students)[number];
  const linkTeacher = (teacher: TeacherInfo, username: string) => {
    const row = teacherRow(teacher.teacherId);
    teacher.userId = addUser(username, 'Teacher', teacher.teacherId, { firstName: row.firstName, lastName: row.lastName, email: row.email ?? null, avatarId: row.avatarId ?? null });
    row.userId = teacher.userId;
  };
  const linkStudent = (studentId: number, username: string) => {
    const row = studentRow(studentId);
    row.userId = addUser(username, 'Student', studentId, { firstName: row.firstName, lastName: row.lastName, email: row.email ?? null, avatarId: null });
  };

  const [teacher, teacher2] = teachers;
  if (!teacher || !teacher2) throw new Error('The demo needs at least two teachers');
  linkTeacher(teacher, 'teacher');
  linkTeacher(teacher2, 'teacher2');
  linkStudent(1, 'student');

  // A few more people with online access, so lists show a mix of ticks.
  const taken = new Set(['admin', 'teacher', 'teacher2', 'student']);
  for (const other of teachers.slice(2).filter((t) => t.active).slice(0, 4)) {
    const row = teacherRow(other.teacherId);
    const username = slugName(row.firstName, row.lastName);
    if (taken.has(username)) continue;
    taken.add(username);
    linkTeacher(other, username);
  }
  for (const other of students.students.slice(1).filter((_, i) => i % 7 === 3).slice(0, 6)) {
    const username = slugName(other.firstName, other.lastName);
    if (taken.has(username)) continue;
    taken.add(username);
    linkStudent(other.studentId, username);
  }
  return { adminUserId, logins };
}

import type { Browser } from 'playwright-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../api/test/helpers/smtp-inbox';
import { heading, launchBrowser, PHONE } from './app-driver';
import { startStack, type RunningStack } from './harness';
import { apiAs, apiSignIn, expectToast, openSignedIn } from './people-driver';

// A student turns class-change e-mails off on their profile, on their phone; the office then moves a
// class of theirs. A classmate on the same class gets the e-mail through a real SMTP server; the
// student gets none. This file runs its own server, whose SMTP_URL is the in-process inbox and which
// looks at its outbox every second.

const LABEL = 'E-mail me when my classes are moved or cancelled';

let inbox: SmtpInbox;
let stack: RunningStack;
let browser: Browser;
let db: pg.Client;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  stack = await startStack({ env: { SMTP_URL: inbox.url, MAIL_OUTBOX_POLL_SECONDS: '1' } });
  if (!stack.databaseUrl) throw new Error('This test reads the server database: run it with PostgreSQL reachable (TEST_DATABASE_URL or 127.0.0.1:5432).');
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await stack?.stop();
  await inbox?.close();
});

interface SharedClass {
  classId: number;
  startsAt: Date;
  roomId: number | null;
  myEmail: string;
  classmateEmail: string;
}

/** A scheduled class next week or later with the demo student on it and a classmate who wants the e-mails. */
async function classSharedWithClassmate(): Promise<SharedClass> {
  const { rows } = await db.query<SharedClass>(`
    select c.class_id as "classId", c.starts_at as "startsAt", c.room_id as "roomId", me.email as "myEmail", other.email as "classmateEmail"
    from users u
    join students me on me.user_id = u.user_id
    join class_attendance mine on mine.student_id = me.student_id and mine.status_id not in (0, 6)
    join classes c on c.class_id = mine.class_id and c.status_id = 1 and c.starts_at > now() + interval '2 days'
    join class_attendance theirs on theirs.class_id = c.class_id and theirs.student_id <> me.student_id and theirs.status_id not in (0, 6)
    join students other on other.student_id = theirs.student_id
    where u.username = 'student' and me.email is not null and other.class_change_emails
      and trim(coalesce(other.email, '')) <> '' and lower(other.email) <> lower(me.email)
    order by c.starts_at, other.student_id
    limit 1`);
  if (!rows[0]) throw new Error('The demo school has no upcoming class the student shares with a classmate who has an e-mail address');
  return rows[0];
}

/** d/M/yyyy in London, `days` after the instant. */
const londonDate = (at: Date, days: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', day: 'numeric', month: 'numeric', year: 'numeric' })
  .format(new Date(at.getTime() + days * 86_400_000));

describe('class-change e-mails turned off on the profile', () => {
  it('stops the e-mails to that student while a classmate on the moved class still gets one', async () => {
    const shared = await classSharedWithClassmate();
    const base = stack.baseUrl;
    const student = await apiSignIn('student', undefined, base);
    const { context, page, errors } = await openSignedIn(browser, student, '/', { ...PHONE, baseURL: base });
    try {
      await page.getByRole('link', { name: 'Your profile' }).click();
      await heading(page, 'Profile').waitFor();
      const setting = page.getByRole('checkbox', { name: LABEL });
      await expect(setting.isChecked()).resolves.toBe(true);
      await setting.click();
      await expectToast(page, 'E-mail settings saved');
      await expect.poll(() => setting.isChecked()).toBe(false);
      // Still off when the profile is opened again.
      await page.reload();
      await expect.poll(() => page.getByRole('checkbox', { name: LABEL }).isChecked()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }

    const admin = apiAs(await apiSignIn('admin', undefined, base), base);
    await admin('/api/classes/updateclass', {
      method: 'POST',
      body: { classId: shared.classId, classDateString: londonDate(shared.startsAt, 1), time: '07:05', roomId: shared.roomId ?? 0, allowClashes: true },
    });

    const told = await inbox.nextMessage(shared.classmateEmail, { timeoutMs: 30_000 });
    expect(told.subject).toMatch(/^Class moved: /);
    expect(told.text).toContain('07:05');
    // The outbox rows of one change are written together: the classmate's has been sent, and there
    // was never one for the student.
    expect(inbox.messages.filter((m) => m.to.includes(shared.myEmail.toLowerCase()))).toEqual([]);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from mail_outbox where lower(to_address) = lower($1)', [shared.myEmail]);
    expect(rows[0]!.n).toBe(0);
  });
});

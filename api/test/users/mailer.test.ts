import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../src/lib/mailer.js';
import { codeFrom, startSmtpInbox } from '../helpers/smtp-inbox.js';

function recordingLog() {
  const lines: string[] = [];
  const log = { info: (msg: string) => lines.push(msg) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

describe('mailer', () => {
  it('without SMTP writes each message as an .eml file and logs where, with the code outside production', async () => {
    const mailDir = await mkdtemp(join(tmpdir(), 'rollbook-mail-'));
    const { log, lines } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Rollbook <no-reply@rollbook.local>', mailDir, env: 'development', log });
    await mailer.send({ to: 'ana@example.test', subject: 'Your code', text: 'Your code is: 123456' }, { devHint: 'sign-up code 123456' });
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(mailDir, files[0] as string), 'utf8');
    expect(eml).toContain('To: ana@example.test');
    expect(eml).toContain('Subject: Your code');
    expect(eml).toContain('Your code is: 123456');
    expect(lines).toEqual([`E-mail "Your code" written to ${join(mailDir, files[0] as string)} (sign-up code 123456)`]);
  });

  it('never logs the code in production', async () => {
    const mailDir = await mkdtemp(join(tmpdir(), 'rollbook-mail-'));
    const { log, lines } = recordingLog();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Rollbook <no-reply@rollbook.local>', mailDir, env: 'production', log });
    await mailer.send({ to: 'ana@example.test', subject: 'Your code', text: 'Your code is: 654321' }, { devHint: 'sign-up code 654321' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('654321');
  });

  it('with SMTP_URL sends a real message over SMTP and logs nothing about it', async () => {
    const inbox = await startSmtpInbox();
    try {
      const { log, lines } = recordingLog();
      const mailer = createMailer({ smtpUrl: inbox.url, from: 'Rollbook <no-reply@rollbook.local>', mailDir: '/nonexistent', env: 'development', log });
      await mailer.send({ to: 'Tom@Example.test', subject: 'Hello', text: 'Your code is: 000042' }, { devHint: 'code 000042' });
      mailer.close();
      const mail = await inbox.nextMessage('tom@example.test');
      expect(mail).toMatchObject({ from: 'no-reply@rollbook.local', subject: 'Hello' });
      expect(codeFrom(mail)).toBe('000042');
      expect(lines).toEqual([]);
    } finally {
      await inbox.close();
    }
  });
});

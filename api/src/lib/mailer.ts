import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface SendOptions {
  /**
   * A short secret worth seeing when developing offline (a code). Logged only when mail goes to
   * the folder and NODE_ENV is not production; never with SMTP.
   */
  devHint?: string;
}

export interface Mailer {
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  env: 'development' | 'production' | 'test';
  log: FastifyBaseLogger;
}

/**
 * Real e-mail over SMTP when SMTP_URL is set. Without it every message is written as an .eml file
 * to the mail folder and a line says where, so the demo's sign-up and reset work offline.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    // nodemailer waits minutes for a silent server by default; the outbox sender holds its batch's
    // rows locked while it sends, so a dead server must fail in seconds and be tried again later.
    const transport: Transporter = nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, sendOptions) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.mailDir, { recursive: true });
      const file = join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const hint = sendOptions?.devHint && options.env !== 'production' ? ` (${sendOptions.devHint})` : '';
      options.log.info(`E-mail "${message.subject}" written to ${file}${hint}`);
    },
    close: () => transport.close(),
  };
}

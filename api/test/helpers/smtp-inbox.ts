import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  /** The decoded text body. */
  text: string;
  /** The whole message as sent (headers and body). */
  raw: string;
}

export interface SmtpInbox {
  /** Give this to the app as SMTP_URL / config.smtpUrl. */
  url: string;
  /** Every message received so far, oldest first. */
  messages: ReceivedMail[];
  /** The oldest message to `to` not yet taken by an earlier call, waiting up to timeoutMs for it. */
  nextMessage(to: string, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  /** nextMessage, then the 6-digit code in its text. */
  nextCode(to: string, options?: { timeoutMs?: number }): Promise<string>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, to: string[], from: string): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable'
    ? decodeQuotedPrintable(body)
    : encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : body;
  return { to, from, subject: header('Subject'), text, raw };
}

/** Extracts the 6-digit code of a sign-up or reset e-mail. */
export function codeFrom(mail: ReceivedMail): string {
  const match = /code is:?\s*(\d{6})\b/i.exec(mail.text);
  if (!match) throw new Error(`No code in the e-mail "${mail.subject}": ${mail.text.slice(0, 200)}`);
  return match[1] as string;
}

/**
 * A real SMTP server in this process on a free local port: the app sends over SMTP exactly as in
 * production and tests read what arrived (e.g. the e-mailed code). A port given starts it again
 * where an earlier inbox was (the app's SMTP_URL is fixed: "the mail server is back").
 */
export async function startSmtpInbox(options: { port?: number } = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        messages.push(parse(Buffer.concat(chunks).toString('utf8'), to, from));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const nextMessage = async (to: string, options: { timeoutMs?: number } = {}) => {
    const address = to.toLowerCase();
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const found = messages.find((m) => !taken.has(m) && m.to.includes(address));
      if (found) {
        taken.add(found);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No e-mail to ${to} arrived (received: ${messages.map((m) => m.to.join(',')).join('; ') || 'none'})`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, 250));
        waiters.add(wake);
      });
    }
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    nextMessage,
    nextCode: async (to, options) => codeFrom(await nextMessage(to, options)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

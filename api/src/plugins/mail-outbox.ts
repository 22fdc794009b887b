import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { createMailer } from '../lib/mailer.js';
import { purgeOldMail } from '../modules/mail-outbox/mail-outbox.repository.js';
import { sendDueMail, type SendReport } from '../modules/mail-outbox/send-due-mail.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** E-mails written to the outbox by the changes they tell about, sent by every server in turn. */
    mailOutbox: {
      /** Sends what is due now (after this server's send under way, if any) and says what happened. */
      sendDue(): Promise<SendReport>;
    };
  }
}

const NOTHING: SendReport = { sent: 0, retrying: 0, gaveUp: 0 };

/**
 * Each server looks at the outbox every few seconds (jittered). No advisory lock is needed, unlike
 * the daily jobs: rows are claimed FOR UPDATE SKIP LOCKED, so servers looking together share the
 * work and never send one e-mail twice (short of a crash between the mail server accepting an
 * e-mail and its sent mark committing: see sendDueMail). Sent rows are purged by a daily cluster job.
 */
export const mailOutboxPlugin = fp<{ config: AppConfig }>(async (app: FastifyInstance, { config }) => {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: config.mailDir, env: config.env, log: app.log });
  let running: Promise<SendReport> = Promise.resolve(NOTHING);
  let timer: NodeJS.Timeout | undefined;
  let closing = false;

  const sendDue = (): Promise<SendReport> => {
    running = running.then(() => sendDueMail(app.db, mailer)).then((report) => {
      if (report.retrying + report.gaveUp > 0) app.log.warn({ ...report }, 'some outbox e-mails could not be sent');
      return report;
    }, (err: unknown) => {
      app.log.error({ err }, 'sending the outbox e-mails failed');
      return NOTHING;
    });
    return running;
  };
  app.decorate('mailOutbox', { sendDue });

  const pollMs = config.mailOutboxPollSeconds * 1000;
  const schedule = () => {
    if (closing || pollMs === 0) return;
    timer = setTimeout(() => void sendDue().finally(schedule), pollMs * (0.75 + Math.random() / 2));
    timer.unref();
  };
  app.addHook('onReady', async () => schedule());
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(timer);
    await running;
    mailer.close();
  });

  app.jobs.add({ name: 'mail-outbox-purge', everyMs: 86_400_000, run: async () => void (await purgeOldMail(app.db)) });
}, { name: 'rollbook-mail-outbox', dependencies: ['rollbook-jobs'] });

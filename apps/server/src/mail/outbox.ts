import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import pLimit from 'p-limit';
import type { MailConfig } from '../config';

/** One plain-text mail. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Work that may end in one mail: it runs after the answer has gone, so how long it takes (a lookup,
 * a token, the SMTP server's round trips) never shows in the answer's timing.
 */
export type MailJob = () => Promise<Mail | undefined>;

export interface MailOutbox {
  /** Queues the job; a full outbox drops it with a warning (the budgets keep that rare). */
  post(job: MailJob): void;
  /** Resolves once every queued job has finished (sent or failed). */
  idle(): Promise<void>;
  /** Waits for the queued jobs, then closes the SMTP connection. */
  close(): Promise<void>;
}

/** Two SMTP conversations at once are plenty for recovery and verification mail. */
const concurrency = 2;
/** Beyond this many waiting jobs, new ones are dropped rather than held in memory. */
const waitingMax = 200;

/**
 * Mail through SMTP with nodemailer (decision 069). Failures are logged without the message (it holds
 * a one-time link) and without the recipient; the person who asked sees the same answer either way.
 */
export function createMailOutbox(config: MailConfig, log: FastifyBaseLogger): MailOutbox {
  const transport = nodemailer.createTransport(
    {
      url: config.smtpUrl,
      // nodemailer's defaults wait minutes for a silent server; a slot of the outbox should not.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    },
    { from: config.from },
  );
  const limit = pLimit(concurrency);
  const running = new Set<Promise<void>>();
  const outbox: MailOutbox = {
    post(job) {
      if (limit.pendingCount >= waitingMax) {
        log.warn('mail outbox full: a mail was dropped');
        return;
      }
      const done: Promise<void> = limit(async () => {
        const mail = await job();
        if (mail) await transport.sendMail(mail);
      })
        .catch((error: unknown) => {
          const { message, code } = error as { message?: string; code?: string };
          log.error({ err: { message, code } }, 'a mail could not be sent');
        })
        .finally(() => running.delete(done));
      running.add(done);
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      await outbox.idle();
      transport.close();
    },
  };
  return outbox;
}

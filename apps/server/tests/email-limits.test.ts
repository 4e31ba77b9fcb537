import { apiErrors, emailErrors } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, envToConfig } from '../src/config';
import type { AppContext } from '../src/context';
import type { MailJob } from '../src/mail/outbox';
import { forgotPassword } from '../src/modules/accounts/routes/forgot-password';
import { linkIn, type SmtpInbox, startSmtpInbox, tokenOf } from './helpers/smtp-inbox';
import { generousRateLimits, startTestApp, type TestApp, useTestApp } from './helpers/test-app';

/**
 * Email's limits (issue 45), apart from the database: its budgets, the server without SMTP_URL, the
 * configuration, what a failed send logs, and that "Forgot password?" does nothing per account
 * while it answers.
 */
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(() => inbox.close());
const lines: string[] = [];
const limit = (max: number) => ({ max, windowSeconds: 3600 });
const t = useTestApp(
  () => ({
    publicOrigin: 'https://spotter.example',
    mail: { smtpUrl: inbox.url, from: 'Spotter <no-reply@spotter.example>' },
    logLevel: 'info',
    rateLimits: {
      ...generousRateLimits,
      emailsPerUser: limit(2),
      forgotPasswordPerIp: limit(3),
      forgotPasswordPerUser: limit(2),
    },
  }),
  { logStream: { write: (line: string) => void lines.push(line) } },
);

let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;
const post = (app: TestApp, url: string, body: unknown, ip: string, token?: string) =>
  app.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    payload: JSON.stringify(body),
  });
const forgotFrom = (ip: string, username: string) => post(t(), '/api/auth/forgot-password', { username }, ip);

function expectTooMany(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ errors: [apiErrors.tooManyRequests] });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
}

describe('"Forgot password?" has its own budgets', () => {
  it('per username, wherever the calls come from (RATE_LIMIT_FORGOT_PASSWORD_USER)', async () => {
    expect((await forgotFrom(freshIp(), 'ann_budget')).statusCode).toBe(202);
    expect((await forgotFrom(freshIp(), 'ANN_budget')).statusCode).toBe(202);
    expectTooMany(await forgotFrom(freshIp(), 'ann_budget'));
    // Another username is not held back by it, and a login of the same name is not either.
    expect((await forgotFrom(freshIp(), 'ann_other')).statusCode).toBe(202);
  });

  it('per IP, whatever the usernames (RATE_LIMIT_FORGOT_PASSWORD_IP)', async () => {
    const ip = freshIp();
    for (const name of ['ip_one', 'ip_two', 'ip_three']) expect((await forgotFrom(ip, name)).statusCode).toBe(202);
    expectTooMany(await forgotFrom(ip, 'ip_four'));
    expect((await forgotFrom(freshIp(), 'ip_four')).statusCode).toBe(202);
  });

  it('verification mails per person (RATE_LIMIT_EMAILS)', async () => {
    const { token } = await t().signup('vera_budget');
    for (const n of [1, 2]) {
      expect(
        (await post(t(), '/api/users/me/email', { email: `v${n}@example.org` }, freshIp(), token)).statusCode,
      ).toBe(202);
    }
    expectTooMany(await post(t(), '/api/users/me/email', { email: 'v3@example.org' }, freshIp(), token));
    await t().app.mail?.idle();
    expect(inbox.to('v3@example.org')).toEqual([]);
  });
});

describe('the request itself', () => {
  it('reads nothing of the account: the lookup, the link and the mail wait in the outbox', async () => {
    const untouchable = new Proxy(
      {},
      {
        get() {
          throw new Error('the database was used while answering');
        },
      },
    );
    const jobs: MailJob[] = [];
    const ctx = { db: untouchable, mail: { post: (job: MailJob) => jobs.push(job) } } as unknown as AppContext;
    const answer = await forgotPassword({ body: { username: 'anyone' } } as never, ctx);
    expect(answer).toEqual({ accepted: true });
    expect(jobs).toHaveLength(1);
  });
});

describe('a mail that cannot be sent', () => {
  it('is logged without its link, its recipient or the SMTP password; the answer is the same 202', async () => {
    const { testApp, db } = await startTestApp(
      (defaults) => ({
        publicOrigin: 'https://spotter.example',
        mail: { smtpUrl: inbox.url.replace('mail-secret', 'wrong-secret'), from: 'Spotter <x@spotter.example>' },
        logLevel: 'info',
        rateLimits: defaults.rateLimits,
      }),
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      const { token } = await testApp.signup('wes_unsent');
      const res = await testApp.call('POST', '/api/users/me/email', { token, body: { email: 'wes@example.org' } });
      expect(res.statusCode).toBe(202);
      await testApp.app.mail?.idle();
      expect(inbox.to('wes@example.org')).toEqual([]);
      const failures = lines.filter((line) => line.includes('a mail could not be sent'));
      expect(failures).toHaveLength(1);
      const stored = await testApp.db.kysely.selectFrom('account_emails').select('token_hash').executeTakeFirst();
      expect(stored?.token_hash).toBeTruthy();
      const logs = lines.join('\n');
      expect(logs).not.toContain('wes@example.org');
      expect(logs).not.toContain('wrong-secret');
      expect(logs).not.toContain('verify-email#token=');
    } finally {
      await testApp.app.close();
      await db.drop();
    }
  });
});

describe('a server without SMTP_URL', () => {
  it('says email is off, and every email call answers 404 with a sentence', async () => {
    const { testApp, db } = await startTestApp();
    try {
      expect((await testApp.call('GET', '/api/capabilities')).json()).toEqual({ email: false, federation: false });
      const { token } = await testApp.signup('off_mail');
      const calls = [
        testApp.call('GET', '/api/users/me/email', { token }),
        testApp.call('POST', '/api/users/me/email', { token, body: { email: 'off@example.org' } }),
        testApp.call('POST', '/api/auth/verify-email', { body: { token: 'whatever' } }),
        testApp.call('POST', '/api/auth/forgot-password', { body: { username: 'off_mail' } }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ errors: [emailErrors.emailOff] });
      }
      expect(await testApp.db.kysely.selectFrom('account_emails').selectAll().execute()).toEqual([]);
    } finally {
      await testApp.app.close();
      await db.drop();
    }
  });
});

describe('configuration', () => {
  it('reads SMTP_URL and MAIL_FROM; From defaults to no-reply at PUBLIC_URL’s host', () => {
    const base = { PUBLIC_URL: 'https://fit.example.com/' };
    expect(envToConfig(base).mail).toBeUndefined();
    expect(envToConfig({ ...base, SMTP_URL: 'smtp://u:p@mail.example.com:587' }).mail).toEqual({
      smtpUrl: 'smtp://u:p@mail.example.com:587',
      from: 'Spotter <no-reply@fit.example.com>',
    });
    expect(
      envToConfig({ ...base, SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'Gym <gym@example.com>' }).mail?.from,
    ).toBe('Gym <gym@example.com>');
  });

  it('stops with a sentence for an SMTP_URL that is not one, or without PUBLIC_URL for the links', () => {
    expect(() => envToConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(ConfigError);
    expect(() => envToConfig({ SMTP_URL: 'smtp://mail.example.com' })).toThrow(/PUBLIC_URL: is required/);
    expect(() => envToConfig({ PUBLIC_URL: 'https://x.example', SMTP_URL: 'mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp/,
    );
  });
});

describe('the mailed links', () => {
  it('follow PUBLIC_URL', async () => {
    const { token } = await t().signup('lin_links');
    await post(t(), '/api/users/me/email', { email: 'lin@example.org' }, freshIp(), token);
    await t().app.mail?.idle();
    const [mail] = inbox.to('lin@example.org');
    expect(tokenOf(linkIn(mail as never))).toMatch(/^[\w-]{43}$/);
    expect(linkIn(mail as never).startsWith('https://spotter.example/verify-email#')).toBe(true);
  });
});

import { apiErrors, guestCredentials, routes, twoFactorErrors } from '@spotter/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { totpCode } from '../src/modules/accounts/totp';
import { generousRateLimits, type TestApp, useTestApp } from './helpers/test-app';

/**
 * Two-factor sign-in (issue 45): TOTP (RFC 6238: SHA-1, 6 digits, 30 s) with recovery codes. The
 * server's clock (Date.now) is held still here and moved by hand: a code belongs to a 30-second step,
 * and "one step either side" or "each code once" are only testable on a clock that does not tick.
 */
const t = useTestApp();
// Another server: a small per-account login budget, a TWO_FACTOR_KEY, and its log lines kept.
const lines: string[] = [];
const budget = 6;
const sealed = useTestApp(
  {
    logLevel: 'trace',
    twoFactorKey: 'a-two-factor-key-of-at-least-32-characters',
    rateLimits: { ...generousRateLimits, loginPerUser: { max: budget, windowSeconds: 60 } },
  },
  { logStream: { write: (line: string) => void lines.push(line) } },
);

let clock = 0;
beforeAll(() => {
  // The middle of a step, so that "a step before" and "a step after" are whole steps away.
  clock = Math.floor(Date.now() / 30_000) * 30_000 + 15_000;
  vi.spyOn(Date, 'now').mockImplementation(() => clock);
});
afterAll(() => {
  vi.restoreAllMocks();
});
/** Each test starts ten minutes after the last: no code of an earlier test is within a step of its own. */
const nextTest = () => {
  clock += 10 * 60_000;
};
const stepsLater = (steps: number) => {
  clock += steps * 30_000;
};
const codeAt = (secret: string, steps = 0) => totpCode(secret, clock + steps * 30_000);

const password = 'two-factor-test-pw';

const login = (app: TestApp, username: string, extra: Record<string, unknown> = {}) =>
  app.call('POST', routes.login.path, { body: { username, password, ...extra } });

/** Signs someone up and turns two-factor sign-in on; answers their token, key and recovery codes. */
async function enrolled(app: TestApp, username: string) {
  const { token } = await app.signup(username, password);
  const started = await app.call('POST', routes.startTwoFactor.path, { token });
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await app.call('POST', routes.confirmTwoFactor.path, { token, body: { code: codeAt(secret) } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { token, secret, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

const statusOf = async (app: TestApp, token: string) => {
  const res = await app.call('GET', routes.twoFactorStatus.path, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().enabled as boolean;
};

const securityLog = async (app: TestApp, token: string) =>
  ((await app.call('GET', routes.securityLog.path, { token })).json().events as { kind: string }[]).map((e) => e.kind);

/** The hashes of someone's recovery codes as stored. */
const storedRecoveryCodes = (app: TestApp, username: string) =>
  app.db.kysely
    .selectFrom('two_factor_recovery_codes')
    .innerJoin('users', 'users.id', 'two_factor_recovery_codes.user_id')
    .select('code_sha256')
    .where('users.username', '=', username)
    .execute();

const codeRequired = { errors: [twoFactorErrors.codeRequired], twoFactorRequired: true };
const codeWrong = { errors: [twoFactorErrors.codeWrong], twoFactorRequired: true };

describe('setting two-factor sign-in up', () => {
  it('answers a base32 key and its otpauth:// link, not active until a code of it confirms it', async () => {
    nextTest();
    const { token } = await t().signup('tf_setup', password);
    expect(await statusOf(t(), token)).toBe(false);
    const res = await t().call('POST', routes.startTwoFactor.path, { token });
    expect(res.statusCode, res.body).toBe(200);
    const { secret, otpauthUrl } = res.json() as { secret: string; otpauthUrl: string };
    expect(Object.keys(res.json()).sort()).toEqual(['otpauthUrl', 'secret']);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Spotter:tf_setup\?/);
    expect(new URL(otpauthUrl).searchParams.get('secret')).toBe(secret);
    // Not on yet: logging in asks for no code.
    expect(await statusOf(t(), token)).toBe(false);
    expect((await login(t(), 'tf_setup')).statusCode).toBe(200);

    // A wrong code (or a code of two steps ago) turns nothing on.
    for (const code of [
      codeAt(secret, -2),
      codeAt(secret, 2),
      String((Number(codeAt(secret)) + 1) % 1e6).padStart(6, '0'),
    ]) {
      const wrong = await t().call('POST', routes.confirmTwoFactor.path, { token, body: { code } });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ errors: [twoFactorErrors.codeWrong] });
    }
    expect(await statusOf(t(), token)).toBe(false);

    // The right one turns it on and answers ten recovery codes, this once.
    const confirmed = await t().call('POST', routes.confirmTwoFactor.path, { token, body: { code: codeAt(secret) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json() as { recoveryCodes: string[] };
    expect(Object.keys(confirmed.json())).toEqual(['recoveryCodes']);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await statusOf(t(), token)).toBe(true);
    expect(await securityLog(t(), token)).toContain('two-factor-enabled');

    // The key is never answered again: a new setup and a second confirmation are refused while it is on.
    const again = await t().call('POST', routes.startTwoFactor.path, { token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errors: [twoFactorErrors.alreadyOn] });
    expect(again.body).not.toContain(secret);
    stepsLater(1);
    const reconfirm = await t().call('POST', routes.confirmTwoFactor.path, { token, body: { code: codeAt(secret) } });
    expect(reconfirm.statusCode).toBe(409);
    expect(reconfirm.json()).toEqual({ errors: [twoFactorErrors.alreadyOn] });
  });

  it('a second setup before confirming replaces the first key: only the newest one confirms', async () => {
    nextTest();
    const { token } = await t().signup('tf_resetup', password);
    const first = (await t().call('POST', routes.startTwoFactor.path, { token })).json().secret as string;
    const second = (await t().call('POST', routes.startTwoFactor.path, { token })).json().secret as string;
    expect(second).not.toBe(first);
    const old = await t().call('POST', routes.confirmTwoFactor.path, { token, body: { code: codeAt(first) } });
    expect(old.statusCode).toBe(400);
    const confirmed = await t().call('POST', routes.confirmTwoFactor.path, { token, body: { code: codeAt(second) } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('confirming with nothing set up is a 409; a code that is not 6 digits is a 400 naming the field', async () => {
    nextTest();
    const { token } = await t().signup('tf_nothing', password);
    const res = await t().call('POST', routes.confirmTwoFactor.path, { token, body: { code: '123456' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ errors: [twoFactorErrors.notStarted] });
    for (const body of [{}, { code: 'abcdef' }, { code: '12345' }, { code: 123456 }]) {
      const bad = await t().call('POST', routes.confirmTwoFactor.path, { token, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().errors[0]).toMatch(/^code: /);
    }
    const off = await t().call('POST', routes.disableTwoFactor.path, { token, body: { password, code: '123456' } });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ errors: [twoFactorErrors.notOn] });
  });

  it('needs a token', async () => {
    for (const route of [
      routes.twoFactorStatus,
      routes.startTwoFactor,
      routes.confirmTwoFactor,
      routes.disableTwoFactor,
    ]) {
      const body = route.method === 'GET' ? undefined : { code: '123456', password };
      const res = await t().call(route.method, route.path, { body });
      expect(res.statusCode, route.path).toBe(401);
      expect(res.json()).toEqual({ errors: [apiErrors.invalidToken] });
    }
  });

  it('the demo guest cannot turn it on (its password is everyone’s)', async () => {
    nextTest();
    const { token } = await t().login(guestCredentials.username, guestCredentials.password);
    const start = await t().call('POST', routes.startTwoFactor.path, { token });
    expect(start.statusCode).toBe(403);
    expect(start.json()).toEqual({ errors: [twoFactorErrors.demoGuest] });
    const confirm = await t().call('POST', routes.confirmTwoFactor.path, { token, body: { code: '123456' } });
    expect(confirm.statusCode).toBe(403);
    expect(confirm.json()).toEqual({ errors: [twoFactorErrors.demoGuest] });
    expect(await statusOf(t(), token)).toBe(false);
    expect((await t().call('POST', routes.login.path, { body: guestCredentials })).statusCode).toBe(200);
  });
});

describe('logging in with two-factor sign-in on', () => {
  it('without a code: 401 asking for it; with one: the answer of today', async () => {
    nextTest();
    const { secret } = await enrolled(t(), 'tf_login');
    const res = await login(t(), 'tf_login');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(codeRequired);
    // The password is checked first: a wrong one says nothing of a second factor.
    const wrongPassword = await t().call('POST', routes.login.path, {
      body: { username: 'tf_login', password: 'not-the-password', code: codeAt(secret, 1) },
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ errors: [apiErrors.invalidCredentials] });

    // The confirming code's step is spent; the next step's code logs in.
    const ok = await login(t(), 'tf_login', { code: codeAt(secret, 1) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(Object.keys(ok.json()).sort()).toEqual(['encodedToken', 'foundUser']);
    expect(ok.json().foundUser.username).toBe('tf_login');
    expect((await t().call('GET', routes.me.path, { token: ok.json().encodedToken })).statusCode).toBe(200);
  });

  it('takes a code of the step before, this step and the step after, each once, in time order', async () => {
    nextTest();
    const { secret } = await enrolled(t(), 'tf_window');
    stepsLater(5);
    expect((await login(t(), 'tf_window', { code: codeAt(secret, -2) })).json()).toEqual(codeWrong);
    expect((await login(t(), 'tf_window', { code: codeAt(secret, 2) })).json()).toEqual(codeWrong);
    expect((await login(t(), 'tf_window', { code: codeAt(secret, -1) })).statusCode).toBe(200);
    expect((await login(t(), 'tf_window', { code: codeAt(secret, 0) })).statusCode).toBe(200);
    const after = codeAt(secret, 1);
    expect((await login(t(), 'tf_window', { code: after })).statusCode).toBe(200);
    // Replays: the same code again, and an older step's code once a newer one was used.
    const replay = await login(t(), 'tf_window', { code: after });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(codeWrong);
    expect((await login(t(), 'tf_window', { code: codeAt(secret, 0) })).json()).toEqual(codeWrong);
    // Still refused a step later, while the code is still within the window.
    stepsLater(1);
    expect((await login(t(), 'tf_window', { code: after })).json()).toEqual(codeWrong);
  });

  it('one code sent twice at once logs in once', async () => {
    nextTest();
    const { secret } = await enrolled(t(), 'tf_race');
    const code = codeAt(secret, 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => login(t(), 'tf_race', { code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401, 401, 401]);
  });

  it('a recovery code logs in once, typed in any case, with or without its dashes', async () => {
    nextTest();
    const { token, recoveryCodes } = await enrolled(t(), 'tf_recovery');
    const [first = '', second = ''] = recoveryCodes;
    expect(first).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect((await login(t(), 'tf_recovery', { code: first })).statusCode).toBe(200);
    expect((await login(t(), 'tf_recovery', { code: first })).json()).toEqual(codeWrong);
    expect((await login(t(), 'tf_recovery', { code: first.toUpperCase() })).json()).toEqual(codeWrong);
    expect((await login(t(), 'tf_recovery', { code: second.toUpperCase().replaceAll('-', '') })).statusCode).toBe(200);
    expect((await login(t(), 'tf_recovery', { code: 'aaaa-aaaa-aaaa-aaaa' })).json()).toEqual(codeWrong);
    const kinds = await securityLog(t(), token);
    expect(kinds.filter((k) => k === 'recovery-code-used')).toHaveLength(2);
    expect(kinds).toContain('two-factor-failed');
  });

  it('a code that cannot be one is a 400 naming the field, before anything is checked', async () => {
    const res = await login(t(), 'tf_login', { code: 'x'.repeat(65) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatch(/^code: /);
  });
});

describe('turning two-factor sign-in off', () => {
  it('npm run admin -- turn-off-2fa lets someone who lost their phone and codes log in with the password alone, and tells them', async () => {
    nextTest();
    const { token } = await enrolled(t(), 'tf_lost');
    expect((await login(t(), 'tf_lost')).json()).toEqual(codeRequired);

    const out = await runAdminCommand(t().db, t().config, ['turn-off-2fa', 'TF_Lost']);
    expect(out).toBe(
      'Two-factor sign-in is off for tf_lost: their password alone logs in, and their security log says so.',
    );
    expect(await statusOf(t(), token)).toBe(false);
    const res = await login(t(), 'tf_lost');
    expect(res.statusCode, res.body).toBe(200);
    const events = (await t().call('GET', routes.securityLog.path, { token })).json().events as {
      kind: string;
      ip: string;
      userAgent: string;
    }[];
    expect(events[0]).toMatchObject({
      kind: 'two-factor-disabled',
      ip: '',
      userAgent: 'The server’s operator (npm run admin)',
    });
    expect(await storedRecoveryCodes(t(), 'tf_lost')).toEqual([]);

    expect(await runAdminCommand(t().db, t().config, ['turn-off-2fa', 'tf_lost'])).toBe(
      'tf_lost had no two-factor sign-in on.',
    );
    await expect(runAdminCommand(t().db, t().config, ['turn-off-2fa', 'nobody_here'])).rejects.toThrow(
      'There is no account named "nobody_here".',
    );
  });

  it('asks for the password and a code; then logging in asks for no code, and the recovery codes are gone', async () => {
    nextTest();
    const { token, secret, recoveryCodes } = await enrolled(t(), 'tf_off');
    const off = (body: Record<string, unknown>) => t().call('POST', routes.disableTwoFactor.path, { token, body });

    const wrongPassword = await off({ password: 'not-the-password', code: codeAt(secret, 1) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ errors: [twoFactorErrors.wrongPassword] });
    const wrongCode = await off({ password, code: codeAt(secret, -2) });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual({ errors: [twoFactorErrors.codeWrong] });
    expect((await off({ password })).statusCode).toBe(400);
    expect(await statusOf(t(), token)).toBe(true);

    const done = await off({ password, code: codeAt(secret, 1) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ enabled: false });
    expect(await statusOf(t(), token)).toBe(false);
    expect(await securityLog(t(), token)).toContain('two-factor-disabled');
    const res = await login(t(), 'tf_off');
    expect(res.statusCode).toBe(200);
    // A recovery code of the old setup is no code any more (and is ignored where none is asked).
    expect((await login(t(), 'tf_off', { code: recoveryCodes[0] })).statusCode).toBe(200);
    expect(await storedRecoveryCodes(t(), 'tf_off')).toEqual([]);
  });

  it('a recovery code turns it off too (a lost phone)', async () => {
    nextTest();
    const { token, recoveryCodes } = await enrolled(t(), 'tf_lost_phone');
    const res = await t().call('POST', routes.disableTwoFactor.path, {
      token,
      body: { password, code: recoveryCodes[3] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(t(), token)).toBe(false);
  });
});

describe('guessing codes', () => {
  it('wrong codes at login spend the per-account login budget: then even the right code waits', async () => {
    nextTest();
    // Confirming spent one attempt of the budget already.
    const { secret } = await enrolled(sealed(), 'tf_guessed');
    const answers: number[] = [];
    for (let i = 0; i < budget; i++) {
      answers.push((await login(sealed(), 'tf_guessed', { code: String(100_000 + i) })).statusCode);
    }
    expect(answers).toEqual([...Array(budget - 1).fill(401), 429]);
    const right = await login(sealed(), 'tf_guessed', { code: codeAt(secret, 1) });
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ errors: [apiErrors.tooManyRequests] });
  });

  it('wrong codes to turn it off spend the same budget (a stolen token cannot guess faster)', async () => {
    nextTest();
    const { token, secret } = await enrolled(sealed(), 'tf_stolen');
    const statuses: number[] = [];
    for (let i = 0; i < budget; i++) {
      const res = await sealed().call('POST', routes.disableTwoFactor.path, {
        token,
        body: { password, code: String(200_000 + i) },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(budget - 1).fill(400), 429]);
    expect((await login(sealed(), 'tf_stolen', { code: codeAt(secret, 1) })).statusCode).toBe(429);
  });
});

describe('what is kept of a key and its codes', () => {
  it('with TWO_FACTOR_KEY the database holds the key sealed; recovery codes only as hashes; logs hold neither', async () => {
    nextTest();
    lines.length = 0;
    const { token, secret, recoveryCodes } = await enrolled(sealed(), 'tf_at_rest');
    const row = await sealed()
      .db.kysely.selectFrom('two_factor')
      .innerJoin('users', 'users.id', 'two_factor.user_id')
      .select(['two_factor.secret', 'users.id'])
      .where('users.username', '=', 'tf_at_rest')
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^sealed:v1:/);
    expect(row.secret).not.toContain(secret);
    const hashes = (
      await sealed()
        .db.kysely.selectFrom('two_factor_recovery_codes')
        .select('code_sha256')
        .where('user_id', '=', row.id)
        .execute()
    ).map((r) => r.code_sha256);
    expect(hashes).toHaveLength(10);
    for (const code of recoveryCodes) {
      expect(JSON.stringify(hashes)).not.toContain(code.replaceAll('-', ''));
    }
    // The sealed key still makes codes that log in.
    expect((await login(sealed(), 'tf_at_rest', { code: codeAt(secret, 1) })).statusCode).toBe(200);
    // What a careless handler might log is redacted too.
    sealed().app.log.info(
      { secret, recoveryCodes, body: { otpauthUrl: `otpauth://totp/x?secret=${secret}` } },
      'careless',
    );
    const text = lines.join('\n');
    expect(text).toContain('careless');
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
    expect(await statusOf(sealed(), token)).toBe(true);
  });

  it('without TWO_FACTOR_KEY the key is stored as it is, and never answered after confirming', async () => {
    nextTest();
    const { token, secret } = await enrolled(t(), 'tf_plain');
    const row = await t()
      .db.kysely.selectFrom('two_factor')
      .innerJoin('users', 'users.id', 'two_factor.user_id')
      .select('two_factor.secret')
      .where('users.username', '=', 'tf_plain')
      .executeTakeFirstOrThrow();
    expect(row.secret).toBe(secret);
    for (const route of [routes.me, routes.twoFactorStatus, routes.securityLog, routes.listSessions]) {
      const res = await t().call('GET', route.path, { token });
      expect(res.body, route.path).not.toContain(secret);
    }
    const user = await login(t(), 'tf_plain', { code: codeAt(secret, 1) });
    expect(user.body).not.toContain(secret);
  });
});

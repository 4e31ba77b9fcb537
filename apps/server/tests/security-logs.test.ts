import { routes } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { findUserByUsername } from '../src/modules/accounts/queries/users';
import { guest } from './helpers/seed-data';
import { generousRateLimits, useTestApp } from './helpers/test-app';

/** Every JSON line the server writes, as written. */
const lines: string[] = [];
const logStream = { write: (line: string) => void lines.push(line) };

const t = useTestApp(
  { logLevel: 'trace', rateLimits: { ...generousRateLimits, loginPerUser: { max: 2, windowSeconds: 60 } } },
  { logStream },
);

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('logs', () => {
  it('are JSON lines, and every line of a request carries its request id, also sent back in x-request-id', async () => {
    lines.length = 0;
    const responses = [
      await t().call('GET', routes.listPosts.path),
      await t().call('POST', routes.login.path, { body: { username: 'guest', password: 'wrong' } }),
      await t().call('GET', '/api/no-such-call'),
      await t().app.inject({
        method: 'POST',
        url: routes.login.path,
        payload: '{"broken',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    const ids = responses.map((res) => String(res.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);

    const logged = entries();
    expect(logged.length).toBeGreaterThanOrEqual(2 * responses.length);
    for (const entry of logged) {
      expect(ids, JSON.stringify(entry)).toContain(entry.reqId);
    }
    for (const id of ids) {
      const own = logged.filter((e) => e.reqId === id).map((e) => e.msg);
      expect(own).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
  });

  it("keep a client's plain x-request-id for tracing, and replace a hostile one", async () => {
    lines.length = 0;
    const kept = await t().call('GET', routes.listPosts.path, { headers: { 'x-request-id': 'edge-7f3a.42' } });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a.42');
    for (const hostile of ['x'.repeat(500), 'id with spaces', '{"reqId":"forged"}', 'a\u0007b']) {
      const res = await t().call('GET', routes.listPosts.path, { headers: { 'x-request-id': hostile } });
      expect(res.headers['x-request-id']).toMatch(uuid);
    }
    expect(entries().filter((e) => e.reqId === 'edge-7f3a.42').length).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).not.toContain('forged');
  });

  it('never contain a password, a password hash, a token or an authorization header', async () => {
    lines.length = 0;
    const password = 'Pa55word-that-must-not-leak';
    const newPassword = 'Another-secret-that-must-not-leak';
    const signup = await t().call('POST', routes.signup.path, {
      body: { firstname: 'Log', lastname: 'Check', username: 'log_checker', password },
    });
    const signupToken = signup.json().encodedToken as string;
    const { token } = await t().login('log_checker', password);
    await t().call('GET', routes.me.path, { token });
    await t().call('GET', routes.me.path, { token: `Bearer ${token}` });
    await t().call('GET', routes.me.path, { token: `${token}tampered` });
    const changed = await t().call('POST', routes.changePassword.path, {
      token,
      body: { currentPassword: password, newPassword },
    });
    const newToken = changed.json().encodedToken as string;
    // Failures too: a bad body, a too-short field, and a rate-limited login all carry the password.
    await t().app.inject({
      method: 'POST',
      url: routes.login.path,
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"log_checker","password":"${password}"`,
    });
    await t().call('POST', routes.login.path, { body: { username: 'log_checker', password: newPassword } });
    const limited = await t().call('POST', routes.login.path, { body: { username: 'log_checker', password } });
    expect(limited.statusCode).toBe(429);
    // What a careless handler might log is caught by the redaction paths as well.
    t().app.log.info({ req: { headers: { authorization: newToken } }, body: { password, newPassword } }, 'careless');
    t().app.log.info({ encodedToken: newToken, currentPassword: password }, 'careless');

    const hash = (await findUserByUsername(t().db, 'log_checker'))?.password_hash ?? '';
    expect(hash).toMatch(/^\$argon2id\$/);
    const text = lines.join('\n');
    expect(text).toContain('careless');
    expect(text).toContain('[redacted]');
    for (const secret of [password, newPassword, hash, signupToken, token, newToken]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(text).not.toContain(secret);
    }
    // No token signature either (the part an attacker would need).
    for (const jwt of [signupToken, token, newToken]) expect(text).not.toContain(jwt.split('.')[2]);
    expect(text).not.toMatch(/\$argon2/);
    expect(text).not.toMatch(/"authorization"\s*:\s*"(?!\[redacted\])/i);
  });

  it('name the rule when a request is rate limited, without the key it counted', async () => {
    lines.length = 0;
    for (let i = 0; i < 3; i++) {
      await t().call('POST', routes.login.path, { body: { username: guest.username, password: 'wrong' } });
    }
    const exceeded = entries().find((e) => e.msg === 'rate limit exceeded');
    expect(exceeded).toMatchObject({ rule: 'loginPerUser' });
    expect(exceeded?.reqId).toMatch(uuid);
  });
});

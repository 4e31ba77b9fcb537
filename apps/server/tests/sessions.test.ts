import { apiErrors } from '@spotter/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { lastSeenEveryMs, maxSessionsPerUser } from '../src/modules/accounts/queries/sessions';
import { eventually } from './helpers/eventually';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const password = 'sessions-test-pw';
const me = (token: string) => t().call('GET', '/api/users/me', { token });
const sessionsOf = async (token: string) => {
  const res = await t().call('GET', '/api/users/me/sessions', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sessions as {
    _id: string;
    createdAt: string;
    lastSeenAt: string;
    userAgent: string;
    ip: string;
    current: boolean;
  }[];
};
const loginFrom = async (username: string, userAgent: string, pw = password) => {
  const res = await t().call('POST', '/api/auth/login', {
    body: { username, password: pw },
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().encodedToken as string;
};

describe('GET /api/users/me/sessions', () => {
  it('lists each login as a session, newest first, with where it came from and which one is asking', async () => {
    await t().signup('sess_list', password);
    const phone = await loginFrom('sess_list', 'Phone/1.0');
    const laptop = await loginFrom('sess_list', 'Laptop/2.0');
    const sessions = await sessionsOf(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions.map((s) => s.userAgent)).toEqual(['Laptop/2.0', 'Phone/1.0', expect.any(String)]);
    expect(sessions.map((s) => s.current)).toEqual([true, false, false]);
    expect(sessions[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.stringMatching(/\+00:00$/),
      lastSeenAt: expect.stringMatching(/\+00:00$/),
      userAgent: 'Laptop/2.0',
      ip: '127.0.0.1',
      appName: null,
      current: true,
    });
    expect((await sessionsOf(phone)).map((s) => s.current)).toEqual([false, true, false]);
  });

  it('needs a token', async () => {
    const res = await t().call('GET', '/api/users/me/sessions');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: [apiErrors.invalidToken] });
  });

  it('keeps at most the newest sessions per person: a login beyond the cap ends the oldest', async () => {
    const first = (await t().signup('sess_cap', password)).token;
    // Used first: the server knows its session, and must still hear that it ended.
    expect((await me(first)).statusCode).toBe(200);
    let last = first;
    for (let i = 0; i < maxSessionsPerUser; i++) last = await loginFrom('sess_cap', `Device/${i}`);
    const sessions = await sessionsOf(last);
    expect(sessions).toHaveLength(maxSessionsPerUser);
    expect(sessions.at(-1)?.userAgent).toBe('Device/0');
    expect((await me(first)).statusCode).toBe(401);
  });

  it('writes lastSeenAt again when the token is used after a minute', async () => {
    const token = (await t().signup('sess_seen', password)).token;
    const [session] = await sessionsOf(token);
    // A minute and a second later (the server's clock only): the same token is used again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + lastSeenEveryMs + 1_000 });
    try {
      expect((await me(token)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const [after] = await sessionsOf(token);
    expect(Date.parse(after?.lastSeenAt ?? '')).toBeGreaterThan(
      Date.parse(session?.lastSeenAt ?? '') + lastSeenEveryMs,
    );
    expect(after?.createdAt).toBe(session?.createdAt);
  });
});

describe('DELETE /api/users/me/sessions/{id}', () => {
  it("ends that session at once: its token is refused, the others' still work", async () => {
    const { token: laptop } = await t().signup('sess_revoke', password);
    const phone = await loginFrom('sess_revoke', 'Phone/1.0');
    expect((await me(phone)).statusCode).toBe(200); // verified and cached
    const phoneSession = (await sessionsOf(phone)).find((s) => s.current);
    const res = await t().call('DELETE', `/api/users/me/sessions/${phoneSession?._id}`, { token: laptop });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sessions.map((s: { _id: string }) => s._id)).not.toContain(phoneSession?._id);
    const refused = await me(phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ errors: [apiErrors.invalidToken], reason: 'session_revoked' });
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it("another person's session, an unknown one or one already ended: 404, and theirs keeps working", async () => {
    const { token: mine } = await t().signup('sess_owner_a', password);
    const { token: theirs } = await t().signup('sess_owner_b', password);
    const [their] = await sessionsOf(theirs);
    for (const id of [their?._id, '00000000-0000-4000-8000-000000000000']) {
      const res = await t().call('DELETE', `/api/users/me/sessions/${id}`, { token: mine });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [apiErrors.sessionNotFound] });
    }
    expect((await me(theirs)).statusCode).toBe(200);
  });

  it('may end the session asking: its own token then stops working', async () => {
    const { token } = await t().signup('sess_self', password);
    const [own] = await sessionsOf(token);
    expect((await t().call('DELETE', `/api/users/me/sessions/${own?._id}`, { token })).json()).toEqual({
      sessions: [],
    });
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('POST /api/users/me/sessions/revoke-all and POST /api/auth/logout', () => {
  it('log out everywhere: every token of the person is refused, this one included; logging in again works', async () => {
    const { token: a } = await t().signup('sess_all', password);
    const b = await loginFrom('sess_all', 'Phone/1.0');
    const { token: other } = await t().signup('sess_all_other', password);
    const res = await t().call('POST', '/api/users/me/sessions/revoke-all', { token: b });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sessions: [] });
    for (const token of [a, b]) expect((await me(token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(200);
    const again = await loginFrom('sess_all', 'Laptop/3.0');
    expect((await sessionsOf(again)).map((s) => s.userAgent)).toEqual(['Laptop/3.0']);
  });

  it("logout ends the token's own session on the server; the person's other sessions stay", async () => {
    const { token: laptop } = await t().signup('sess_logout', password);
    const phone = await loginFrom('sess_logout', 'Phone/1.0');
    const res = await t().call('POST', '/api/auth/logout', { token: phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ loggedOut: true });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await t().call('POST', '/api/auth/logout', { token: phone })).statusCode).toBe(401);
    expect((await sessionsOf(laptop)).map((s) => s.current)).toEqual([true]);
  });

  it('a token signed before sessions existed (no jti) works until revoke-all raises the token version', async () => {
    const { token, userId } = await t().signup('sess_legacy', password);
    const legacy = await new SignJWT({ _id: userId, username: 'sess_legacy', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(t().jwtSecret);
    expect((await me(legacy)).statusCode).toBe(200);
    expect((await t().call('POST', '/api/auth/logout', { token: legacy })).statusCode).toBe(200);
    expect((await t().call('POST', '/api/users/me/sessions/revoke-all', { token })).statusCode).toBe(200);
    expect((await me(legacy)).statusCode).toBe(401);
  });
});

describe('a password change', () => {
  it('ends every other session; the new token keeps the same session', async () => {
    const { token: laptop } = await t().signup('sess_pw', password);
    const phone = await loginFrom('sess_pw', 'Phone/1.0');
    const [before] = await sessionsOf(laptop);
    const res = await t().call('POST', '/api/users/password', {
      token: phone,
      body: { currentPassword: password, newPassword: 'sessions-test-pw-2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().encodedToken as string;
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    const sessions = await sessionsOf(fresh);
    expect(sessions.map((s) => [s.userAgent, s.current])).toEqual([['Phone/1.0', true]]);
    expect(sessions[0]?._id).toBe(before?._id);
  });
});

describe('revocation across servers', () => {
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    // A second server on the same database, as behind a load balancer; without the work it does at
    // start, which on SQLite in one process could hold the lock the first server waits on (app.ts).
    const db = openDatabase(t().config.database);
    other = await buildApp(t().config, { db, mediaSweep: false, searchUpkeep: false });
    other.addHook('onClose', () => db.close());
  });
  afterAll(async () => {
    await other?.close();
  });

  // On SQLite the other server reads the session at every request; on PostgreSQL it keeps what it
  // read and drops it when the database's notice of the change reaches it (decision 055).
  it('a session ended on one server is refused by another that had verified and kept its token', async () => {
    const { token } = await t().signup('sess_two_servers', password);
    const onOther = () => other.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: token } });
    expect((await onOther()).statusCode).toBe(200);
    expect((await t().call('POST', '/api/auth/logout', { token })).statusCode).toBe(200);
    expect(await eventually(async () => (await onOther()).statusCode === 401)).toBe(true);
  });

  it('revoke-all on one server holds on the other', async () => {
    const { token } = await t().signup('sess_two_all', password);
    const second = await loginFrom('sess_two_all', 'Phone/1.0');
    const onOther = (tk: string) =>
      other.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: tk } });
    expect((await onOther(second)).statusCode).toBe(200);
    await t().call('POST', '/api/users/me/sessions/revoke-all', { token });
    expect(await eventually(async () => (await onOther(second)).statusCode === 401)).toBe(true);
  });
});

describe('GET /api/users/me/security-log', () => {
  it('records each wrong password at login, with where it came from, newest first; only the owner sees it', async () => {
    const { token } = await t().signup('sess_log', password);
    for (const agent of ['Guesser/1', 'Guesser/2']) {
      const res = await t().call('POST', '/api/auth/login', {
        body: { username: 'sess_log', password: 'not-the-password' },
        headers: { 'user-agent': agent },
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await t().call('GET', '/api/users/me/security-log', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      events: [
        { kind: 'login-failed', at: expect.stringMatching(/\+00:00$/), ip: '127.0.0.1', userAgent: 'Guesser/2' },
        { kind: 'login-failed', at: expect.stringMatching(/\+00:00$/), ip: '127.0.0.1', userAgent: 'Guesser/1' },
      ],
      nextCursor: null,
    });
    const { token: stranger } = await t().signup('sess_log_other', password);
    expect((await t().call('GET', '/api/users/me/security-log', { token: stranger })).json().events).toEqual([]);
  });

  it('records password changes and "log out everywhere", and pages without repeating or losing an entry', async () => {
    const { token } = await t().signup('sess_log_pages', password);
    for (let i = 0; i < 3; i++)
      await t().call('POST', '/api/auth/login', { body: { username: 'sess_log_pages', password: 'wrong-one' } });
    const changed = await t().call('POST', '/api/users/password', {
      token,
      body: { currentPassword: password, newPassword: 'sessions-test-pw-2' },
    });
    const fresh = changed.json().encodedToken as string;
    await t().call('POST', '/api/users/me/sessions/revoke-all', { token: fresh });
    const last = await loginFrom('sess_log_pages', 'Laptop/1', 'sessions-test-pw-2');
    const kinds: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/users/me/security-log?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await t().call('GET', url, { token: last });
      expect(page.statusCode, page.body).toBe(200);
      kinds.push(...page.json().events.map((e: { kind: string }) => e.kind));
      cursor = page.json().nextCursor;
    } while (cursor);
    expect(kinds).toEqual(['sessions-revoked', 'password-changed', 'login-failed', 'login-failed', 'login-failed']);
  });

  it('a forged cursor is a 400', async () => {
    const { token } = await t().signup('sess_log_cursor', password);
    const forged = Buffer.from(JSON.stringify({ t: '2026-11-01T10:00:00.000Z', i: 'not-a-key' })).toString('base64url');
    const res = await t().call('GET', `/api/users/me/security-log?cursor=${forged}`, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: ['cursor: is not a cursor this server gave out'] });
  });
});

import { apiErrors, type SignedOutReason } from '@spotter/contract';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { useTestApp } from './helpers/test-app';

/**
 * Issue 47, item 3: a token that worked once and no longer does gets the spec's 401 message
 * unchanged, plus the reason it stopped, so the web app can tell the person on the login screen.
 */
const t = useTestApp();

const password = 'signed-out-test-pw';
const me = (token: string) => t().call('GET', '/api/users/me', { token });
const login = async (username: string, pw = password) => {
  const res = await t().call('POST', '/api/auth/login', { body: { username, password: pw } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().encodedToken as string;
};
const refusedBecause = async (token: string, reason: SignedOutReason) => {
  const res = await me(token);
  expect([res.statusCode, res.json()]).toEqual([401, { errors: [apiErrors.invalidToken], reason }]);
};

describe('the 401 of a token that held once says why', () => {
  it('password_changed: the password was changed on another device', async () => {
    const { token: laptop } = await t().signup('so_pw', password);
    const phone = await login('so_pw');
    const res = await t().call('POST', '/api/users/password', {
      token: phone,
      body: { currentPassword: password, newPassword: 'signed-out-test-pw-2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await refusedBecause(laptop, 'password_changed');
    // The old token of the device that changed it is retired for the same reason.
    await refusedBecause(phone, 'password_changed');
    expect((await me(res.json().encodedToken)).statusCode).toBe(200);
  });

  it('logged_out_everywhere: "log out everywhere" from another device', async () => {
    const { token: laptop } = await t().signup('so_all', password);
    const phone = await login('so_all');
    expect((await t().call('POST', '/api/users/me/sessions/revoke-all', { token: phone })).statusCode).toBe(200);
    await refusedBecause(laptop, 'logged_out_everywhere');
    await refusedBecause(phone, 'logged_out_everywhere');
  });

  it('session_revoked: this one session was ended from another device', async () => {
    const { token: laptop } = await t().signup('so_one', password);
    const phone = await login('so_one');
    const sessions = (await t().call('GET', '/api/users/me/sessions', { token: laptop })).json().sessions as {
      _id: string;
      current: boolean;
    }[];
    const other = sessions.find((s) => !s.current);
    const res = await t().call('DELETE', `/api/users/me/sessions/${other?._id}`, { token: laptop });
    expect(res.statusCode, res.body).toBe(200);
    await refusedBecause(phone, 'session_revoked');
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('session_expired: a genuine token past its expiry', async () => {
    const { userId } = await t().signup('so_exp', password);
    const expired = await new SignJWT({ _id: userId, username: 'so_exp', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(t().jwtSecret);
    await refusedBecause(expired, 'session_expired');
  });

  it('account_suspended: the moderators suspended the account', async () => {
    const { token: mod } = await t().signup('so_mod', password);
    await runAdminCommand(t().db, t().config, ['grant', 'so_mod']);
    const { token: troll, userId } = await t().signup('so_troll', password);
    const report = await t().call('POST', '/api/reports', { token: mod, body: { report: { userId, reason: 'spam' } } });
    expect(report.statusCode, report.body).toBe(201);
    const queue = (await t().call('GET', '/api/admin/reports?limit=100', { token: mod })).json().reports as {
      _id: string;
      target: { _id: string };
    }[];
    const open = queue.find((c) => c.target._id === userId);
    const res = await t().call('POST', `/api/admin/reports/${open?._id}/resolve`, {
      token: mod,
      body: { action: 'suspend_user' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await refusedBecause(troll, 'account_suspended');
  });

  it('a forged, foreign or missing token carries no reason', async () => {
    const { userId } = await t().signup('so_forged', password);
    const forged = await new SignJWT({ _id: userId, username: 'so_forged', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode('another-secret-of-at-least-thirty-two-characters'));
    for (const token of [forged, 'not-a-token']) {
      const res = await me(token);
      expect([res.statusCode, res.json()]).toEqual([401, { errors: [apiErrors.invalidToken] }]);
    }
    const none = await t().call('GET', '/api/users/me');
    expect([none.statusCode, none.json()]).toEqual([401, { errors: [apiErrors.invalidToken] }]);
  });
});

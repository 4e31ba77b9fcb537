import { hash, verify } from '@node-rs/argon2';
import { apiErrors } from '@spotter/contract';
import { loginResponseSchema, signupResponseSchema } from '@spotter/contract/schemas';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { findUserByPublicId } from '../src/modules/accounts/queries/users';
import { guest, seedPost, seedUser } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

describe('POST /api/auth/login', () => {
  it('logs the guest in with the demo credentials: 200, foundUser and a token', async () => {
    const res = await t().call('POST', '/api/auth/login', { body: guest });
    expect(res.statusCode).toBe(200);
    const body = loginResponseSchema.parse(res.json());
    expect(body.foundUser.username).toBe('guest');
    expect(body.encodedToken.split('.')).toHaveLength(3);
  });

  it('finds the username regardless of case', async () => {
    const res = await t().call('POST', '/api/auth/login', { body: { ...guest, username: 'GUEST' } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 with the spec message for an unknown username', async () => {
    const res = await t().call('POST', '/api/auth/login', { body: { username: 'nobody_here', password: 'x' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.usernameNotRegistered] });
  });

  it('answers 401 with the spec message for a wrong password', async () => {
    const res = await t().call('POST', '/api/auth/login', { body: { username: 'guest', password: 'wrong' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: [apiErrors.invalidCredentials] });
  });

  it('answers 400 naming the missing field', async () => {
    const res = await t().call('POST', '/api/auth/login', { body: { username: 'guest' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatch(/^password: /);
  });
});

describe('POST /api/auth/signup', () => {
  it('creates the user: 201, createdUser with empty lists and the default avatar, and a token', async () => {
    const res = await t().call('POST', '/api/auth/signup', {
      body: { firstname: 'Ada', lastname: 'Lifts', username: 'ada_lifts', password: 'squat-every-day' },
    });
    expect(res.statusCode).toBe(201);
    const { createdUser, encodedToken } = signupResponseSchema.parse(res.json());
    expect(createdUser).toMatchObject({
      firstname: 'Ada',
      lastname: 'Lifts',
      username: 'ada_lifts',
      bio: '',
      website: '',
      avatarUrl: '/avatars/default.svg',
      bookmarks: [],
      followers: [],
      following: [],
    });
    expect(createdUser._id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(createdUser.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/);
    const me = await t().call('GET', '/api/users/bookmark', { token: encodedToken });
    expect(me.statusCode).toBe(200);
    const login = await t().call('POST', '/api/auth/login', {
      body: { username: 'ada_lifts', password: 'squat-every-day' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a taken username, in any case, with 422', async () => {
    for (const username of ['maya_lifts', 'MAYA_LIFTS']) {
      const res = await t().call('POST', '/api/auth/signup', {
        body: { firstname: 'M', lastname: 'O', username, password: 'long-enough-pw' },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: [apiErrors.usernameExists] });
    }
  });

  it('requires all four fields', async () => {
    const res = await t().call('POST', '/api/auth/signup', { body: { firstname: 'A', username: 'x1', password: 'p' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([expect.stringMatching(/^lastname: /)]));
  });

  it('stores an argon2id hash, never the password', async () => {
    const { userId } = await t().signup('hash_check', 'plain-text-password');
    const row = await findUserByPublicId(t().db, userId);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(row?.password_hash).not.toContain('plain-text-password');
  });
});

describe("hashes made with an earlier release's settings", () => {
  it('are hashed anew at login, and the same password and token keep working', async () => {
    const { userId, token } = await t().signup('old_hash', 'an-old-enough-password');
    // What a release with decision 001's settings (19 MiB, 2 iterations) stored.
    const earlier = await hash('an-old-enough-password', { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    await t().db.kysely.updateTable('users').set({ password_hash: earlier }).where('public_id', '=', userId).execute();

    expect(
      (await t().call('POST', '/api/auth/login', { body: { username: 'old_hash', password: 'wrong-password' } }))
        .statusCode,
    ).toBe(401);
    expect((await findUserByPublicId(t().db, userId))?.password_hash).toBe(earlier);

    expect(
      (
        await t().call('POST', '/api/auth/login', {
          body: { username: 'old_hash', password: 'an-old-enough-password' },
        })
      ).statusCode,
    ).toBe(200);
    const rehashed = (await findUserByPublicId(t().db, userId))?.password_hash;
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/);
    expect(await verify(rehashed ?? '', 'an-old-enough-password')).toBe(true);
    expect(
      (
        await t().call('POST', '/api/auth/login', {
          body: { username: 'old_hash', password: 'an-old-enough-password' },
        })
      ).statusCode,
    ).toBe(200);
    // Not a password change: the session signed in before is still good.
    expect((await t().call('GET', '/api/users/bookmark', { token })).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('accepts the token raw and as Bearer', async () => {
    const { token } = await t().login(guest.username, guest.password);
    expect((await t().call('GET', '/api/users/bookmark', { token })).statusCode).toBe(200);
    expect((await t().call('GET', '/api/users/bookmark', { token: `Bearer ${token}` })).statusCode).toBe(200);
  });

  it('carries _id and username and expires after TOKEN_TTL', async () => {
    const { token, userId } = await t().login(guest.username, guest.password);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
    expect(payload).toMatchObject({ _id: userId, username: 'guest' });
    expect(payload.exp - payload.iat).toBe(7 * 86_400);
  });

  it('refuses a missing, tampered, unsigned, foreign or expired token with 401', async () => {
    const { token, userId } = await t().login(guest.username, guest.password);
    const [header, payload, signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ _id: seedUser('maya').id, username: 'maya_lifts' })).toString(
      'base64url',
    );
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const foreign = await new SignJWT({ _id: userId, username: 'guest' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-1234'));
    const expired = await new SignJWT({ _id: userId, username: 'guest' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(t().jwtSecret);
    for (const bad of [undefined, 'garbage', `${header}.${otherPayload}.${signature}`, unsigned, foreign, expired]) {
      const res = await t().call('POST', `/api/posts/like/${seedPost('maya-pr').id}`, bad ? { token: bad } : {});
      expect(res.statusCode, String(bad)).toBe(401);
      expect(res.json()).toEqual({ errors: [apiErrors.invalidToken] });
    }
  });

  it("answers 404 'not Registered' for a valid token of a user that no longer exists", async () => {
    const ghost = await new SignJWT({ _id: '00000000-0000-4000-8000-000000000000', username: 'ghost', ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(t().jwtSecret);
    const res = await t().call('GET', '/api/users/bookmark', { token: ghost });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.usernameNotRegistered] });
  });
});

describe('POST /api/users/password', () => {
  it('needs the current password, and retires every earlier token', async () => {
    const { token } = await t().signup('pw_changer', 'first-password');
    const second = await t().login('pw_changer', 'first-password');
    const wrong = await t().call('POST', '/api/users/password', {
      token,
      body: { currentPassword: 'nope', newPassword: 'second-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ errors: [apiErrors.wrongPassword] });

    const res = await t().call('POST', '/api/users/password', {
      token,
      body: { currentPassword: 'first-password', newPassword: 'second-password' },
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().encodedToken as string;
    for (const old of [token, second.token]) {
      expect((await t().call('GET', '/api/users/bookmark', { token: old })).statusCode).toBe(401);
    }
    expect((await t().call('GET', '/api/users/bookmark', { token: fresh })).statusCode).toBe(200);
    expect(
      (await t().call('POST', '/api/auth/login', { body: { username: 'pw_changer', password: 'first-password' } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t().call('POST', '/api/auth/login', { body: { username: 'pw_changer', password: 'second-password' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('password length (NIST SP 800-63B: at least 8, at most 128 characters)', () => {
  const signup = (username: string, password: string) =>
    t().call('POST', '/api/auth/signup', { body: { firstname: 'P', lastname: 'L', username, password } });

  it.each([
    ['1 character', 'x', apiErrors.passwordTooShort],
    ['7 characters', 'seven77', apiErrors.passwordTooShort],
    ['129 characters', 'p'.repeat(129), apiErrors.passwordTooLong],
  ])('a sign-up with a password of %s is a 400 naming the field, and creates nobody', async (_, password, message) => {
    const res = await signup('short_pw', password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [`password: ${message}`] });
    const login = await t().call('POST', '/api/auth/login', { body: { username: 'short_pw', password } });
    expect(login.statusCode).toBe(404);
  });

  it('accepts 8 and 128 characters at sign-up', async () => {
    expect((await signup('eight_pw', 'eight888')).statusCode).toBe(201);
    expect((await signup('long_pw', 'q'.repeat(128))).statusCode).toBe(201);
  });

  it('a password change to fewer than 8 characters is a 400 and the old password still works', async () => {
    const { token } = await t().signup('change_short', 'first-password');
    const res = await t().call('POST', '/api/users/password', {
      token,
      body: { currentPassword: 'first-password', newPassword: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [`newPassword: ${apiErrors.passwordTooShort}`] });
    expect((await t().call('GET', '/api/users/bookmark', { token })).statusCode).toBe(200);
    expect((await t().login('change_short', 'first-password')).token).toBeTruthy();
  });
});

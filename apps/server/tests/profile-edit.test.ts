import { apiErrors } from '@spotter/contract';
import { userResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

describe('POST /api/users/edit', () => {
  it('updates avatar, bio and website: 201 with the user, updatedAt set', async () => {
    const me = await t().signup('editor_one');
    const before = userResponseSchema.parse((await t().call('GET', `/api/users/${me.userId}`)).json()).user;
    const res = await t().call('POST', '/api/users/edit', {
      token: me.token,
      body: {
        userData: { avatarUrl: '/avatars/avatar-4.svg', bio: 'Squats and sourdough', website: 'https://lifts.example' },
      },
    });
    expect(res.statusCode).toBe(201);
    const user = userResponseSchema.parse(res.json()).user;
    expect(user).toMatchObject({
      avatarUrl: '/avatars/avatar-4.svg',
      bio: 'Squats and sourdough',
      website: 'https://lifts.example',
      username: 'editor_one',
    });
    expect(Date.parse(user.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it('accepts the whole user object back (unchanged username, unknown keys ignored)', async () => {
    const me = await t().signup('editor_two');
    const user = userResponseSchema.parse((await t().call('GET', `/api/users/${me.userId}`)).json()).user;
    const res = await t().call('POST', '/api/users/edit', {
      token: me.token,
      body: { userData: { ...user, bio: 'new bio', password: 'sneaky', _id: 'someone-else' } },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ _id: me.userId, bio: 'new bio' });
    expect(
      (await t().call('POST', '/api/auth/login', { body: { username: 'editor_two', password: 'sneaky' } })).statusCode,
    ).toBe(401);
  });

  it("refuses a username change with the spec's 404 and changes nothing", async () => {
    const me = await t().signup('editor_three');
    const res = await t().call('POST', '/api/users/edit', {
      token: me.token,
      body: { userData: { username: 'someone_new', bio: 'should not stick' } },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.usernameCannotChange] });
    const user = userResponseSchema.parse((await t().call('GET', `/api/users/${me.userId}`)).json()).user;
    expect(user).toMatchObject({ username: 'editor_three', bio: '' });
  });

  it('refuses a website or avatar that is not http(s), naming the field', async () => {
    const me = await t().signup('editor_four');
    for (const userData of [{ website: 'javascript:alert(1)' }, { avatarUrl: 'javascript:alert(1)' }]) {
      const res = await t().call('POST', '/api/users/edit', { token: me.token, body: { userData } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatch(/^userData\.(website|avatarUrl): /);
    }
    const user = userResponseSchema.parse((await t().call('GET', `/api/users/${me.userId}`)).json()).user;
    expect(user.website).toBe('');
  });

  it('needs a token', async () => {
    const res = await t().call('POST', '/api/users/edit', { body: { userData: { bio: 'x' } } });
    expect(res.statusCode).toBe(401);
  });
});

import { apiErrors } from '@spotter/contract';
import { followResponseSchema, userResponseSchema, userSummariesResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { seedUser } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const userById = async (id: string) =>
  userResponseSchema.parse((await t().call('GET', `/api/users/${id}`)).json()).user;

describe('follow and unfollow (SPEC §4, §7)', () => {
  it('follow puts each on the other side, answers user and followUser, and sets updatedAt on both', async () => {
    const me = await t().signup('follower_one');
    const maya = seedUser('maya');
    const mayaBefore = await userById(maya.id);

    const res = await t().call('POST', `/api/users/follow/${maya.id}`, { token: me.token });
    expect(res.statusCode).toBe(200);
    const { user, followUser } = followResponseSchema.parse(res.json());
    expect(user._id).toBe(me.userId);
    expect(user.following.map((u) => u._id)).toEqual([maya.id]);
    expect(followUser._id).toBe(maya.id);
    expect(followUser.followers.map((u) => u._id)).toContain(me.userId);
    expect(followUser.followers).toHaveLength(mayaBefore.followers.length + 1);
    expect(Date.parse(followUser.updatedAt)).toBeGreaterThan(Date.parse(mayaBefore.updatedAt));

    const undo = await t().call('POST', `/api/users/unfollow/${maya.id}/`, { token: me.token });
    expect(undo.statusCode).toBe(200);
    const after = followResponseSchema.parse(undo.json());
    expect(after.user.following).toEqual([]);
    expect(after.followUser.followers.map((u) => u._id)).not.toContain(me.userId);
    expect(after.followUser.followers).toHaveLength(mayaBefore.followers.length);
  });

  it('accepts the trailing-slash path', async () => {
    const me = await t().signup('slash_follower');
    const res = await t().call('POST', `/api/users/follow/${seedUser('tom').id}/`, { token: me.token });
    expect(res.statusCode).toBe(200);
  });

  it("refuses following oneself (404), twice (400) and unfollowing a stranger (400) with the spec's messages", async () => {
    const me = await t().signup('rule_follower');
    const self = await t().call('POST', `/api/users/follow/${me.userId}`, { token: me.token });
    expect(self.statusCode).toBe(404);
    expect(self.json()).toEqual({ errors: [apiErrors.cannotFollowSelf] });

    const kai = seedUser('kai').id;
    await t().call('POST', `/api/users/follow/${kai}`, { token: me.token });
    const twice = await t().call('POST', `/api/users/follow/${kai}`, { token: me.token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ errors: [apiErrors.alreadyFollowing] });

    const stranger = await t().call('POST', `/api/users/unfollow/${seedUser('lena').id}`, { token: me.token });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ errors: [apiErrors.notFollowing] });
    expect((await userById(me.userId)).following.map((u) => u._id)).toEqual([kai]);
  });

  it('answers 404 for an unknown user', async () => {
    const me = await t().signup('ghost_follower');
    const res = await t().call('POST', '/api/users/follow/00000000-0000-4000-8000-000000000000', { token: me.token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.userNotFound] });
  });
});

describe('suggestions', () => {
  it('never suggest oneself or someone already followed', async () => {
    const me = await t().signup('suggest_me');
    await t().call('POST', `/api/users/follow/${seedUser('maya').id}`, { token: me.token });
    await t().call('POST', `/api/users/follow/${seedUser('dan').id}`, { token: me.token });
    const res = await t().call('GET', '/api/users/suggestions?limit=50', { token: me.token });
    expect(res.statusCode).toBe(200);
    const ids = userSummariesResponseSchema.parse(res.json()).users.map((u) => u._id);
    expect(ids).not.toContain(me.userId);
    expect(ids).not.toContain(seedUser('maya').id);
    expect(ids).not.toContain(seedUser('dan').id);
    expect(ids).toContain(seedUser('kai').id);
    // kai is followed by maya, whom I follow: friends of friends come first.
    expect(ids[0]).toBe(seedUser('kai').id);
  });
});

describe('GET /api/users and /api/users/:userId (public)', () => {
  it('lists the 8 seed users with their lists; one user by id; 404 for an unknown id', async () => {
    const res = await t().call('GET', '/api/users');
    expect(res.statusCode).toBe(200);
    const users = res.json().users as { username: string; followers: unknown[]; following: unknown[] }[];
    expect(users.length).toBeGreaterThanOrEqual(8);
    const guest = users.find((u) => u.username === 'guest');
    expect(guest?.following).toHaveLength(2);
    expect((await t().call('GET', `/api/users/${seedUser('tom').id}`)).json().user.username).toBe('trailtom');
    const missing = await t().call('GET', '/api/users/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [apiErrors.userNotFound] });
  });
});

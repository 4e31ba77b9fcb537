import { apiErrors, suggestionsDefaultLimit } from '@spotter/contract';
import { userSummariesResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { followUser } from '../src/modules/social/queries/follows';
import { addUser, keyOfUser } from './helpers/network';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

let me: { token: string; userId: string };
const ids: Record<string, string> = {};

async function suggestions(token: string, limit?: number | string): Promise<string[]> {
  const res = await t().call('GET', `/api/users/suggestions${limit === undefined ? '' : `?limit=${limit}`}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return userSummariesResponseSchema.parse(res.json()).users.map((u) => u._id);
}

const follow = async (who: string, whom: string) =>
  expect(await followUser(t().db, await keyOfUser(t().db, ids[who] ?? ''), ids[whom] ?? '')).toBe('followed');

async function followerCounts(userIds: string[]): Promise<number[]> {
  const rows = await t()
    .db.kysely.selectFrom('users')
    .select(['public_id', 'follower_count'])
    .where('public_id', 'in', userIds)
    .execute();
  const byId = new Map(rows.map((r) => [r.public_id, r.follower_count]));
  return userIds.map((id) => byId.get(id) ?? -1);
}

const nonIncreasing = (values: number[]) => values.every((v, i) => i === 0 || v <= (values[i - 1] ?? v));

beforeAll(async () => {
  me = await t().signup('sugg_me');
  ids.me = me.userId;
  for (const name of ['a', 'b', 'c', 'x', 'y', 'z', 'w', 'p1', 'p2']) ids[name] = await addUser(t().db, `sugg_${name}`);
  // I follow a, b and c. x is followed by all three, y by two, z and w by one each; w has more followers.
  for (const whom of ['a', 'b', 'c']) await follow('me', whom);
  for (const whom of ['x', 'y', 'z']) await follow('a', whom);
  for (const whom of ['x', 'y']) await follow('b', whom);
  for (const whom of ['x', 'w', 'me', 'a']) await follow('c', whom);
  for (const who of ['p1', 'p2']) await follow(who, 'w');
});

describe('GET /api/users/suggestions', () => {
  it('ranks people followed by those I follow by how many of them do, then by popularity', async () => {
    expect(await suggestions(me.token, 4)).toEqual([ids.x, ids.y, ids.w, ids.z]);
    expect(await suggestions(me.token, 2)).toEqual([ids.x, ids.y]);
  });

  it('then fills up with the most followed people; never me, never someone I follow, never twice', async () => {
    const all = await suggestions(me.token, 50);
    expect(all.slice(0, 4)).toEqual([ids.x, ids.y, ids.w, ids.z]);
    expect(all.length).toBeGreaterThan(4);
    expect(new Set(all).size).toBe(all.length);
    for (const excluded of [ids.me, ids.a, ids.b, ids.c]) expect(all).not.toContain(excluded);
    expect(nonIncreasing(await followerCounts(all.slice(4)))).toBe(true);
  });

  it('suggests the most followed people to someone who follows nobody', async () => {
    const newcomer = await t().signup('sugg_newcomer');
    const found = await suggestions(newcomer.token, 50);
    expect(found).not.toContain(newcomer.userId);
    expect(found.length).toBeGreaterThanOrEqual(8);
    expect(nonIncreasing(await followerCounts(found))).toBe(true);
  });

  it(`answers ${suggestionsDefaultLimit} by default, and drops someone as soon as I follow them`, async () => {
    expect(await suggestions(me.token)).toHaveLength(suggestionsDefaultLimit);
    const res = await t().call('POST', `/api/users/follow/${ids.x}`, { token: me.token });
    expect(res.statusCode).toBe(200);
    expect(await suggestions(me.token, 3)).toEqual([ids.y, ids.w, ids.z]);
  });

  it('refuses a limit out of 1..50 and a missing token', async () => {
    for (const limit of ['0', '51', 'many', '2.5']) {
      const res = await t().call('GET', `/api/users/suggestions?limit=${limit}`, { token: me.token });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().errors).toEqual([expect.stringMatching(/^limit/)]);
    }
    const anonymous = await t().call('GET', '/api/users/suggestions');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ errors: [apiErrors.invalidToken] });
  });
});

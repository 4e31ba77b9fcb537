import { apiErrors } from '@spotter/contract';
import { userPageSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { addUser } from './helpers/network';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

const page = async (url: string) => {
  const res = await t().call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return userPageSchema.parse(res.json());
};

/** Every page of a list, following nextCursor to the end. */
async function walk(base: string, limit: number) {
  const names: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `${base}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await page(url);
    expect(answer.users.length).toBeLessThanOrEqual(limit);
    names.push(...answer.users.map((u) => u.username));
    cursor = answer.nextCursor;
  } while (cursor);
  return names;
}

describe('followers and following lists (issue 18, item 13)', () => {
  it("pages a person's followers and followings, most recent follow first, none repeated or lost", async () => {
    const star = await t().signup('fl_star');
    const fans: string[] = [];
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const fan = await t().signup(`fl_fan${i}`);
      fans.push(`fl_fan${i}`);
      tokens.push(fan.token);
      expect((await t().call('POST', `/api/users/follow/${star.userId}`, { token: fan.token })).statusCode).toBe(200);
      expect((await t().call('POST', `/api/users/follow/${fan.userId}`, { token: star.token })).statusCode).toBe(200);
    }
    const newestFirst = [...fans].reverse();
    expect(await walk('/api/users/fl_star/followers', 2)).toEqual(newestFirst);
    expect(await walk('/api/users/FL_STAR/following', 3)).toEqual(newestFirst);
    const one = await page('/api/users/fl_fan0/followers');
    expect(one).toEqual({
      users: [expect.objectContaining({ username: 'fl_star', firstname: 'Test' })],
      nextCursor: null,
    });
    expect(JSON.stringify(one)).not.toMatch(/password|\$argon2/);

    // An unfollow leaves the list at once.
    await t().call('POST', `/api/users/unfollow/${star.userId}`, { token: tokens[4] });
    expect(await walk('/api/users/fl_star/followers', 10)).toEqual(newestFirst.slice(1));
  });

  it('answers an empty page for a person nobody follows, and 404 for an unknown one', async () => {
    await addUser(t().db, 'fl_loner');
    expect(await page('/api/users/fl_loner/followers')).toEqual({ users: [], nextCursor: null });
    expect(await page('/api/users/fl_loner/following?limit=5')).toEqual({ users: [], nextCursor: null });
    for (const side of ['followers', 'following']) {
      const res = await t().call('GET', `/api/users/fl_nobody/${side}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [apiErrors.userNotFound] });
    }
  });

  it('refuses a bad limit or a forged cursor with a 400 and a sentence', async () => {
    await addUser(t().db, 'fl_strict');
    const forged = Buffer.from(JSON.stringify({ t: '0000-01-01T00:00:00.000Z', i: 'x' })).toString('base64url');
    for (const query of ['limit=0', 'limit=101', 'limit=two', 'cursor=garbage', `cursor=${forged}`]) {
      const res = await t().call('GET', `/api/users/fl_strict/followers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual([expect.any(String)]);
    }
  });
});

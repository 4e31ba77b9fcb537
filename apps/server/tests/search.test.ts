import { userSearchLimit } from '@spotter/contract';
import { userSummariesResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, keyOfUser } from './helpers/network';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

async function search(q: string, token?: string): Promise<string[]> {
  const res = await t().call('GET', `/api/users/search?q=${encodeURIComponent(q)}`, token ? { token } : {});
  expect(res.statusCode, res.body).toBe(200);
  return userSummariesResponseSchema.parse(res.json()).users.map((u) => u.username);
}

beforeAll(async () => {
  // 25 people share "squat": more than one answer holds.
  for (let i = 0; i < 25; i++) await addUser(t().db, `squat_fan_${String(i).padStart(2, '0')}`);
  for (const name of ['DeadLiftDiva', 'deadbug', 'x_y', 'xy', 'a.b', 'ab', 'Zoe', 'oz', 'rowRowRow', 'pct100']) {
    await addUser(t().db, name);
  }
});

describe('GET /api/users/search', () => {
  it('matches a substring of the username regardless of case', async () => {
    expect(await search('lift')).toEqual(expect.arrayContaining(['DeadLiftDiva', 'maya_lifts']));
    expect(await search('LIFTDIV')).toEqual(['DeadLiftDiva']);
    expect(await search('iftdiv')).toEqual(['DeadLiftDiva']);
    expect(await search('  deadlift  ')).toEqual(['DeadLiftDiva']);
    expect(await search('nobody-by-that-name')).toEqual([]);
  });

  it('answers at most 20 people', async () => {
    const found = await search('squat');
    expect(found).toHaveLength(userSearchLimit);
    expect(found.every((name) => name.includes('squat'))).toBe(true);
    expect(await search('SQUAT_FAN_2')).toHaveLength(5);
  });

  it('works from one character on, below the three a trigram index needs', async () => {
    const one = await search('z');
    expect(one).toEqual(expect.arrayContaining(['Zoe', 'oz']));
    expect(one.every((name) => name.toLowerCase().includes('z'))).toBe(true);
    expect(await search('oz')).toEqual(['oz']);
    expect(await search('OE')).toEqual(['Zoe']);
  });

  it('puts names that start with the text first, then shorter names, then alphabetical order', async () => {
    expect((await search('dead')).slice(0, 2)).toEqual(['deadbug', 'DeadLiftDiva']);
    expect(await search('row')).toEqual(['rowRowRow']);
    const zs = await search('o');
    expect(zs.indexOf('oz')).toBeLessThan(zs.indexOf('Zoe'));
  });

  it('treats LIKE wildcards and search syntax as plain letters', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('x%y')).toEqual([]);
    expect(await search('_')).toEqual(expect.arrayContaining(['x_y', 'maya_lifts']));
    expect(await search('_')).not.toContain('xy');
    expect(await search('x_y')).toEqual(['x_y']);
    expect(await search('x_')).toEqual(['x_y']);
    expect(await search('.')).toEqual(['a.b']);
    expect(await search('a.b')).toEqual(['a.b']);
    expect(await search('\\')).toEqual([]);
    for (const syntax of ['"', 'a"b', 'squat*', 'squat OR deadbug', 'NEAR(a b)', '(ab)', 'x:y', '-ab', '^ab', "'--"]) {
      expect(await search(syntax), syntax).toEqual([]);
    }
  });

  it('answers nothing for an empty text and 400 for a text over 50 characters', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect((await t().call('GET', '/api/users/search')).json()).toEqual({ users: [] });
    const long = await t().call('GET', `/api/users/search?q=${'a'.repeat(51)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([expect.stringMatching(/^q/)]);
  });

  it('finds people as soon as they sign up, and never sends a password', async () => {
    expect(await search('newcomer')).toEqual([]);
    await t().signup('Newcomer_77');
    const res = await t().call('GET', '/api/users/search?q=WCOMER');
    expect(res.json().users).toEqual([
      {
        _id: expect.any(String),
        username: 'Newcomer_77',
        firstname: 'Test',
        lastname: 'Newcomer_77',
        avatarUrl: expect.any(String),
      },
    ]);
  });

  it('answers the first 20 people the searcher may see, however many of the best matches are hidden', async () => {
    // 45 matches in one order (same prefix, same length): hide_00 ... hide_44.
    const names = Array.from({ length: 45 }, (_, i) => `hide_${String(i).padStart(2, '0')}`);
    const keys = await Promise.all(names.map(async (name) => keyOfUser(t().db, await addUser(t().db, name))));
    const some = await t().signup('blocks_a_few');
    const many = await t().signup('blocks_many');
    const blocks = async (publicId: string, blocked: number[]) => {
      const blocker_id = await keyOfUser(t().db, publicId);
      const created_at = new Date().toISOString();
      await t()
        .db.kysely.insertInto('blocks')
        .values(blocked.map((i) => ({ blocker_id, blocked_id: keys[i] as number, created_at })))
        .execute();
    };
    // Blocking hide_00 and hide_01, blocked by hide_02 (a block either way hides), with hide_05
    // suspended: 36 of the best 40 are left to show.
    await blocks(some.userId, [0, 1]);
    await t()
      .db.kysely.insertInto('blocks')
      .values({
        blocker_id: keys[2] as number,
        blocked_id: await keyOfUser(t().db, some.userId),
        created_at: new Date().toISOString(),
      })
      .execute();
    // Blocking 25 of the best 40 leaves 15 there: the rest come from further down.
    await blocks(many.userId, [...Array(25).keys()]);
    // A suspended person is hidden from everyone.
    await t()
      .db.kysely.updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', keys[5] as number)
      .execute();

    const shown = (from: number[]) => from.map((i) => names[i]);
    const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => a + i);
    expect(await search('hide_')).toEqual(shown([...range(0, 5), ...range(6, 21)]));
    expect(await search('hide_', some.token)).toEqual(shown([3, 4, ...range(6, 24)]));
    expect(await search('hide_', many.token)).toEqual(shown(range(25, 45)));
  });
});

import { userSearchLimit } from '@spotter/contract';
import { userSummariesResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser } from './helpers/network';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

async function search(q: string): Promise<string[]> {
  const res = await t().call('GET', `/api/users/search?q=${encodeURIComponent(q)}`);
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
});

import { searchResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUser, keyOfUser } from './helpers/network';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * Issue 47: people found by first and last name too (the sidebar's call and the search page's People
 * tab), posts by their words (FTS5 on SQLite, text search on PostgreSQL) with the visibility rule of
 * every list, and tags by their start, through GET /api/search.
 */
const t = useTestApp();

async function search(query: string, token?: string) {
  const res = await t().call('GET', `/api/search?${query}`, token ? { token } : {});
  expect(res.statusCode, res.body).toBe(200);
  return searchResponseSchema.parse(res.json());
}

async function people(q: string, token?: string): Promise<string[]> {
  const answer = await search(`type=people&q=${encodeURIComponent(q)}`, token);
  return answer.type === 'people' ? answer.users.map((u) => u.username) : [];
}

async function sidebar(q: string): Promise<string[]> {
  const res = await t().call('GET', `/api/users/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().users as { username: string }[]).map((u) => u.username);
}

/** The contents of the posts found, newest first (all pages at `limit` 100). */
async function posts(q: string, token?: string): Promise<string[]> {
  const answer = await search(`type=posts&limit=100&q=${encodeURIComponent(q)}`, token);
  return answer.type === 'posts' ? answer.posts.map((p) => p.content) : [];
}

const setNames = async (username: string, names: { firstname?: string; lastname?: string }) => {
  await t().db.kysely.updateTable('users').set(names).where('username', '=', username).execute();
};

let author: Person;
let friend: Person;
let stranger: Person;
let shunned: Person;

const signup = async (username: string): Promise<Person> => ({ ...(await t().signup(username)), username });

async function post(by: Person, content: string, visibility = 'public'): Promise<string> {
  const res = await t().call('POST', '/api/posts', {
    token: by.token,
    body: { postData: { content, visibility } },
    headers: { prefer: 'return=minimal' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().post._id as string;
}

beforeAll(async () => {
  author = await signup('fts_author');
  friend = await signup('fts_friend');
  stranger = await signup('fts_stranger');
  shunned = await signup('fts_shunned');
  expect((await t().call('POST', `/api/users/follow/${author.userId}`, { token: friend.token })).statusCode).toBe(200);
  expect((await t().call('POST', `/api/users/block/${shunned.userId}`, { token: stranger.token })).statusCode).toBe(
    200,
  );
});

describe('people by first and last name (issue 47, item 13)', () => {
  it('finds "Okafor" in the sidebar box and on the People tab, usernames by substring as before', async () => {
    expect(await sidebar('Okafor')).toEqual(['maya_lifts']);
    expect(await sidebar('MAYA OKA')).toEqual(['maya_lifts']);
    expect(await people('okafor')).toEqual(['maya_lifts']);
    expect(await sidebar('ya_lif')).toEqual(['maya_lifts']);
    // Below three characters (no trigram index) names are read too.
    expect(await sidebar('ok')).toContain('maya_lifts');
  });

  it('puts the best matches first: username start, then name start, then username, then name inside', async () => {
    for (const name of ['okaforfan', 'x_okafor_x', 'plain_person']) await addUser(t().db, name);
    await setNames('plain_person', { firstname: 'Ada', lastname: 'Diokafor' });
    expect(await sidebar('okafor')).toEqual(['okaforfan', 'maya_lifts', 'x_okafor_x', 'plain_person']);
    expect(await people('okafor')).toEqual(['okaforfan', 'maya_lifts', 'x_okafor_x', 'plain_person']);
  });

  it('keeps the name index in step when a name changes', async () => {
    await addUser(t().db, 'renamed_rita');
    await setNames('renamed_rita', { lastname: 'Vasquez' });
    expect(await sidebar('vasquez')).toEqual(['renamed_rita']);
    await setNames('renamed_rita', { lastname: 'Moreau' });
    expect(await sidebar('vasquez')).toEqual([]);
    expect(await sidebar('moreau')).toEqual(['renamed_rita']);
  });

  it('never shows someone suspended, or blocked either way, by their name', async () => {
    await setNames('fts_shunned', { firstname: 'Shunnedname' });
    expect(await people('shunnedname')).toEqual(['fts_shunned']);
    expect(await people('shunnedname', stranger.token)).toEqual([]);
    expect(await sidebar('shunnedname')).toEqual(['fts_shunned']);
  });

  it('pages the People tab: every match once, then no cursor', async () => {
    for (let i = 0; i < 25; i++) await addUser(t().db, `pagefan_${String(i).padStart(2, '0')}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 5; pages++) {
      const answer = await search(`type=people&q=pagefan&limit=10${cursor ? `&cursor=${cursor}` : ''}`);
      if (answer.type !== 'people') throw new Error('not people');
      seen.push(...answer.users.map((u) => u.username));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen[0]).toBe('pagefan_00');
    expect(cursor).toBeNull();
  });
});

describe('posts by their words (issue 47, item 14)', () => {
  it('finds only the posts the searcher may see', async () => {
    await post(author, 'Zyzzyva squats at dawn');
    await post(author, 'zyzzyva for followers only', 'followers');
    await post(author, 'zyzzyva private diary', 'private');
    const removed = await post(author, 'zyzzyva removed by a moderator');
    await t()
      .db.kysely.updateTable('posts')
      .set({ removed_at: new Date().toISOString() })
      .where('public_id', '=', removed)
      .execute();
    await post(shunned, 'zyzzyva from someone blocked');

    expect(await posts('zyzzyva')).toEqual(['zyzzyva from someone blocked', 'Zyzzyva squats at dawn']);
    expect(await posts('zyzzyva', stranger.token)).toEqual(['Zyzzyva squats at dawn']);
    expect(await posts('zyzzyva', friend.token)).toEqual([
      'zyzzyva from someone blocked',
      'zyzzyva for followers only',
      'Zyzzyva squats at dawn',
    ]);
    expect(await posts('zyzzyva', author.token)).toEqual([
      'zyzzyva from someone blocked',
      'zyzzyva private diary',
      'zyzzyva for followers only',
      'Zyzzyva squats at dawn',
    ]);
    // A suspended author's posts are found by no one.
    const shunnedKey = await keyOfUser(t().db, shunned.userId);
    await t()
      .db.kysely.updateTable('users')
      .set({ suspended_at: new Date().toISOString() })
      .where('id', '=', shunnedKey)
      .execute();
    expect(await posts('zyzzyva', friend.token)).not.toContain('zyzzyva from someone blocked');
    await t().db.kysely.updateTable('users').set({ suspended_at: null }).where('id', '=', shunnedKey).execute();
  });

  it('matches every word, each as a word start, in any case; anything else is not search syntax', async () => {
    expect(await posts('ZYZZ dawn')).toEqual(['Zyzzyva squats at dawn']);
    expect(await posts('squat')).toContain('Zyzzyva squats at dawn');
    expect(await posts('zyzzyva nowhere')).toEqual([]);
    expect(await posts('yzzyva')).toEqual([]);
    for (const syntax of ['"', '*', 'zyzzyva" OR "x', 'NEAR(zyzzyva dawn)', 'zyzzyva:*', '!zyzzyva & dawn', '()']) {
      const res = await t().call('GET', `/api/search?type=posts&q=${encodeURIComponent(syntax)}`);
      expect(res.statusCode, syntax).toBe(200);
    }
    expect(await posts('"zyzzyva" (dawn)')).toEqual(['Zyzzyva squats at dawn']);
    expect(await posts('  ')).toEqual([]);
  });

  it('keeps the index in step with an edit and a delete', async () => {
    const id = await post(author, 'quokkaword before the edit');
    expect(await posts('quokkaword')).toEqual(['quokkaword before the edit']);
    const edited = await t().call('POST', `/api/posts/edit/${id}`, {
      token: author.token,
      body: { postData: { content: 'wallabyword after the edit' } },
    });
    expect(edited.statusCode, edited.body).toBe(201);
    expect(await posts('quokkaword')).toEqual([]);
    expect(await posts('wallabyword')).toEqual(['wallabyword after the edit']);
    expect((await t().call('DELETE', `/api/posts/${id}`, { token: author.token })).statusCode).toBe(201);
    expect(await posts('wallabyword')).toEqual([]);
  });

  it('pages newest first by cursor, and refuses a cursor it did not give for that list', async () => {
    for (const n of [1, 2, 3]) await post(author, `pagingword number ${n}`);
    const first = await search('type=posts&q=pagingword&limit=2');
    if (first.type !== 'posts') throw new Error('not posts');
    expect(first.posts.map((p) => p.content)).toEqual(['pagingword number 3', 'pagingword number 2']);
    const second = await search(`type=posts&q=pagingword&limit=2&cursor=${first.nextCursor}`);
    if (second.type !== 'posts') throw new Error('not posts');
    expect(second.posts.map((p) => p.content)).toEqual(['pagingword number 1']);
    expect(second.nextCursor).toBeNull();

    const peoplePage = await search('type=people&q=pagefan&limit=2');
    const wrong = await t().call('GET', `/api/search?type=posts&q=pagingword&cursor=${peoplePage.nextCursor}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual(['cursor: is not a cursor this server gave out']);
    const back = await t().call('GET', `/api/search?type=people&q=pagefan&cursor=${first.nextCursor}`);
    expect(back.statusCode).toBe(400);
  });

  it('refuses a bad type, limit or a text over 100 characters with 400', async () => {
    for (const query of ['type=photos&q=a', 'type=posts&q=a&limit=0', `q=${'a'.repeat(101)}`]) {
      const res = await t().call('GET', `/api/search?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors).toHaveLength(1);
    }
    // No type: the People tab's.
    expect((await search('q=okafor')).type).toBe('people');
  });
});

describe('tags by their start (issue 47, item 14)', () => {
  it('counts the posts the searcher may see, most used first, with or without "#"', async () => {
    await post(author, '#zyzzlegday one');
    await post(friend, '#zyzzlegday two #zyzzlegs');
    await post(author, '#zyzzlegsecret', 'private');
    const tags = async (q: string, token?: string) => {
      const answer = await search(`type=tags&q=${encodeURIComponent(q)}`, token);
      return answer.type === 'tags' ? answer.tags : [];
    };
    expect(await tags('#ZyzzLeg')).toEqual([
      { tag: 'zyzzlegday', posts: 2 },
      { tag: 'zyzzlegs', posts: 1 },
    ]);
    expect(await tags('zyzzleg', author.token)).toEqual([
      { tag: 'zyzzlegday', posts: 2 },
      { tag: 'zyzzlegs', posts: 1 },
      { tag: 'zyzzlegsecret', posts: 1 },
    ]);
    expect(await tags('zyzz_%')).toEqual([]);
    expect(await tags('#')).toEqual([]);
  });
});

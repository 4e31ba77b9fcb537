import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postSearch } from '../src/db/migrations/126-post-search';
import { userNameSearch } from '../src/db/migrations/127-user-name-search';
import { useTestApp } from './helpers/test-app';

/**
 * Migrations 126 and 127 (issue 47, decision 089): the posts and the names already stored when they
 * run are found by the search, and down takes their indexes (and SQLite's triggers) away again.
 */
const t = useTestApp();

const db = () => t().db.kysely as unknown as Kysely<unknown>;

async function found(query: string): Promise<{ users?: { username: string }[]; posts?: { content: string }[] }> {
  const res = await t().call('GET', `/api/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('migrations 126 and 127 (the search indexes)', () => {
  it('fill their indexes from the posts and people already there', async () => {
    const posts = postSearch(t().db.kind);
    const names = userNameSearch(t().db.kind);
    await names.down(db());
    await posts.down(db());

    // Written while neither index exists, as on a server before the migrations.
    const author = await t().signup('m126_author');
    const made = await t().call('POST', '/api/posts', {
      token: author.token,
      body: { postData: { content: 'Backfilled barbellword post' } },
    });
    expect(made.statusCode, made.body).toBe(201);
    await t()
      .db.kysely.updateTable('users')
      .set({ firstname: 'Backfilda' })
      .where('username_key', '=', 'm126_author')
      .execute();

    await posts.up(db());
    await names.up(db());

    expect((await found('type=posts&q=barbellword')).posts?.map((p) => p.content)).toEqual([
      'Backfilled barbellword post',
    ]);
    expect((await found('type=people&q=backfilda')).users?.map((u) => u.username)).toEqual(['m126_author']);
    // And kept in step afterwards, by the triggers (SQLite) or the engine (PostgreSQL).
    await t().call('POST', '/api/posts', {
      token: author.token,
      body: { postData: { content: 'A later barbellword post' } },
    });
    expect((await found('type=posts&q=barbellword')).posts).toHaveLength(2);
  });
});

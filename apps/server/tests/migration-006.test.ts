import fs from 'node:fs';
import path from 'node:path';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database';
import { migrationsFor } from '../src/db/migrations';
import {
  type FixtureAnswer,
  type FixtureRows,
  fixtureSecret,
  fixtureTables,
  readPages,
  signFor,
} from './fixtures/release-before-006/pages';
import { useTestApp } from './helpers/test-app';

/**
 * 006-integer-keys upgrades a database made by the release before it, in place: the fixture is that
 * release's own rows (a demo network plus signups, posts, an upload, likes, a taken-back like,
 * bookmarks, follows, a deleted post, todos) and its own answers to every page of its people and a
 * guest (fixtures/release-before-006/make-fixture.ts says how both were made). Here the rows are put
 * into that release's schema (migrations 001-005), the app starts (which runs 006), and then every
 * row, link and counter must be there and every page must answer the same bytes.
 */
const fixture = path.join(import.meta.dirname, 'fixtures', 'release-before-006');
const rows = JSON.parse(fs.readFileSync(path.join(fixture, 'rows.json'), 'utf8')) as FixtureRows;
const answers = JSON.parse(fs.readFileSync(path.join(fixture, 'answers.json'), 'utf8')) as FixtureAnswer[];

async function releaseBefore006(db: Db) {
  const before = Object.fromEntries(Object.entries(migrationsFor(db.kind)).filter(([name]) => name < '006'));
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => before } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  for (const table of fixtureTables) {
    for (const row of rows[table] ?? []) {
      await db.kysely
        .insertInto(table as never)
        .values(row as never)
        .execute();
    }
  }
}

// No media sweep at start: the release's unattached upload is days old, and a sweep racing the
// comparison below would take it (the sweep has its own tests).
const t = useTestApp({ jwtSecret: fixtureSecret, seed: false }, { beforeBuild: releaseBefore006, mediaSweep: false });

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** The upgraded tables read back in the fixture's terms: public ids where the release had its UUIDs. */
async function rowsAfter(): Promise<FixtureRows> {
  const k = t().db.kysely;
  const users = await k.selectFrom('users').selectAll().execute();
  const userId = new Map(users.map((u) => [u.id, u.public_id]));
  const posts = await k.selectFrom('posts').selectAll().execute();
  const postId = new Map(posts.map((p) => [p.id, p.public_id]));
  const link = <R extends { created_at: unknown }>(table: R[], columns: Record<string, Map<number, string>>) =>
    table.map((row) => ({
      ...row,
      ...Object.fromEntries(
        Object.entries(columns).map(([column, ids]) => [column, ids.get((row as Record<string, number>)[column] ?? 0)]),
      ),
    }));
  const media = await k.selectFrom('media').selectAll().execute();
  const todos = await k.selectFrom('test_todos').selectAll().execute();
  const publicRow = <R extends { id: number; public_id: string }>({ id: _key, public_id, ...rest }: R) => ({
    id: public_id,
    ...rest,
  });
  const found: FixtureRows = {
    // Columns added after this release, at their defaults on every row of it: compared as absent
    // (comment_count came with 020, workout_id and workout_summary with 032, edited_at with 041, the
    // safety columns with 050). row_version (043) counts updates made by the database itself: left out.
    // token_version_reason (099) likewise: null until a session is ended on purpose. The federation
    // columns (115, 130, 132, 133) are for remote people, posts and follows, none of which this
    // release had; a suspension's end (138) is null where no suspension is, a media's description
    // (136) where no app set one; no account is locked (134) until its owner locks it.
    users: users
      .map(publicRow)
      .map(
        ({
          role,
          suspended_at,
          suspended_until,
          locked_account,
          default_visibility,
          token_version_reason,
          row_version: _version,
          remote,
          actor_uri,
          inbox_url,
          shared_inbox_url,
          profile_url,
          ...user
        }) => ({
          ...user,
          ...(Number(remote) === 0 ? {} : { remote }),
          ...(actor_uri === null ? {} : { actor_uri }),
          ...(inbox_url === null ? {} : { inbox_url }),
          ...(shared_inbox_url === null ? {} : { shared_inbox_url }),
          ...(profile_url === null ? {} : { profile_url }),
          ...(role === 'member' ? {} : { role }),
          ...(suspended_at === null ? {} : { suspended_at }),
          ...(suspended_until === null ? {} : { suspended_until }),
          ...(Number(locked_account) === 0 ? {} : { locked_account }),
          ...(default_visibility === 'public' ? {} : { default_visibility }),
          ...(token_version_reason === null ? {} : { token_version_reason }),
        }),
      ),
    posts: link(posts, { author_id: userId })
      .map(publicRow)
      .map(
        ({
          edited_at,
          workout_id,
          workout_summary,
          comment_count,
          visibility,
          removed_at,
          photos,
          object_uri,
          workout_data,
          row_version: _v,
          ...post
        }) => ({
          ...post,
          ...(workout_data === null ? {} : { workout_data }),
          ...(object_uri === null ? {} : { object_uri }),
          ...(photos === null ? {} : { photos }),
          ...(visibility === 'public' ? {} : { visibility }),
          ...(removed_at === null ? {} : { removed_at }),
          ...(Number(comment_count ?? 0) === 0 ? {} : { comment_count }),
          ...(edited_at === null ? {} : { edited_at }),
          ...(workout_id === null && workout_summary === null ? {} : { workout_id }),
        }),
      ),
    likes: link(await k.selectFrom('likes').selectAll().execute(), { post_id: postId, user_id: userId }),
    dislikes: link(await k.selectFrom('dislikes').selectAll().execute(), { post_id: postId, user_id: userId }),
    bookmarks: link(await k.selectFrom('bookmarks').selectAll().execute(), { user_id: userId, post_id: postId }),
    follows: link(
      (await k.selectFrom('follows').selectAll().execute()).map(({ failing_since, ...follow }) => ({
        ...follow,
        ...(failing_since === null ? {} : { failing_since }),
      })),
      { follower_id: userId, followee_id: userId },
    ),
    media: media.map(({ description, ...m }) => ({
      ...publicRow(m),
      ...(description === null ? {} : { description }),
      owner_id: userId.get(m.owner_id),
      post_id: m.post_id === null ? null : postId.get(m.post_id),
    })),
    test_todos: todos.map(publicRow),
  };
  return Object.fromEntries(
    Object.entries(found).map(([table, list]) => [
      table,
      list.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, iso(v)]))),
    ]),
  );
}

/** Rows in a fixed order with their columns sorted: the comparison ignores storage order. */
const canonical = (tables: FixtureRows) =>
  Object.fromEntries(
    fixtureTables.map((table) => [
      table,
      (tables[table] ?? [])
        .map((row) => JSON.stringify(Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))))
        .sort(),
    ]),
  );

const idOfUsername = new Map((rows.users ?? []).map((u) => [u.username as string, u.id as string]));

/**
 * A recorded answer as this release means it to differ from that one, each change a decision of its
 * own: decision 015 keeps a person's bookmarks out of every user object but their own; 010-todo-owners
 * removes the demo todos that had no owner (issue 17, finding 8); posts gained commentCount (020),
 * editedAt (041), visibility (issue 16) and photos (issue 47).
 */
function withLaterDecisions(answer: FixtureAnswer): string {
  if (answer.status !== 200) return answer.body;
  if (answer.url === '/api/test-todos') return JSON.stringify({ todos: [] });
  const viewerId = answer.as === null ? undefined : idOfUsername.get(answer.as);
  const hideOthersBookmarks = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(hideOthersBookmarks);
    if (value === null || typeof value !== 'object') return value;
    const object = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hideOthersBookmarks(v)]));
    if (Array.isArray(object.bookmarks) && Array.isArray(object.followers) && object._id !== viewerId) {
      object.bookmarks = [];
    }
    if ('mediaType' in object && 'updatedAt' in object) {
      // Issue 14 (migration 020): every post and card counts its comments after its likes; none had any.
      const withComments = Object.fromEntries(
        Object.entries(object).flatMap(([k, v]) =>
          k === 'likes' || k === 'likeCount'
            ? [
                [k, v],
                ['commentCount', 0],
              ]
            : [[k, v]],
        ),
      );
      // Issue 18 (migration 041): every post says when its author last edited it; none was, then.
      // Issue 16 (migration 050): every post says who may see it; all were public, then.
      // Issue 47 (migration 123): every post lists its photos: its one image, if it was one.
      const photos =
        object.image && object.mediaType !== 'video'
          ? [
              {
                url: object.image,
                alt: object.alt,
                width: object.mediaWidth ?? null,
                height: object.mediaHeight ?? null,
              },
            ]
          : [];
      return { ...withComments, editedAt: null, visibility: 'public', photos };
    }
    return object;
  };
  return JSON.stringify(hideOthersBookmarks(JSON.parse(answer.body)));
}

describe('006-integer-keys on a database of the release before it', () => {
  it('keeps every row, every link between rows and every counter', async () => {
    // 010-todo-owners, which runs after 006, removes the demo todos that have no owner (finding 8).
    expect(canonical(await rowsAfter())).toEqual(canonical({ ...rows, test_todos: [] }));
  });

  it('answers every page with the same bytes as that release did, but for deliberate changes since', async () => {
    const now = await readPages(t(), rows);
    expect(now.map((a) => `${a.as} ${a.url}`)).toEqual(answers.map((a) => `${a.as} ${a.url}`));
    for (const [i, answer] of now.entries()) {
      const before = answers[i] as FixtureAnswer;
      expect({ status: answer.status, body: answer.body }, `${answer.as} ${answer.url}`).toEqual({
        status: before.status,
        body: withLaterDecisions(before),
      });
    }
  });

  it('numbers rows in the order lists had, and new rows after them', async () => {
    const posts = await t().db.kysely.selectFrom('posts').select(['id', 'public_id', 'created_at']).execute();
    const byKey = [...posts].sort((a, b) => a.id - b.id).map((p) => p.public_id);
    const timeOf = (p: (typeof posts)[number]) => iso(p.created_at) as string;
    const byTime = [...posts]
      .sort((a, b) => timeOf(a).localeCompare(timeOf(b)) || (a.public_id < b.public_id ? -1 : 1))
      .map((p) => p.public_id);
    expect(byKey).toEqual(byTime);

    const ana = (rows.users ?? []).find((u) => u.username === 'fixture_ana') as Parameters<typeof signFor>[0];
    const token = await signFor(ana);
    const created = await t().call('POST', '/api/posts', {
      token,
      body: { postData: { content: 'after the upgrade' } },
      headers: { prefer: 'return=minimal' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newId = created.json().post._id as string;
    const row = await t().db.kysely.selectFrom('posts').select('id').where('public_id', '=', newId).executeTakeFirst();
    expect(row?.id).toBeGreaterThan(Math.max(...posts.map((p) => p.id)));
    const liked = await t().call('POST', `/api/posts/like/${newId}`, { token, headers: { prefer: 'return=minimal' } });
    expect(liked.json().post).toMatchObject({ likeCount: 1, likedByMe: true });
    const found = await t().call('GET', '/api/users/search?q=fixture_a');
    expect(found.json().users.map((u: { username: string }) => u.username)).toEqual(['fixture_ana']);
  });
});

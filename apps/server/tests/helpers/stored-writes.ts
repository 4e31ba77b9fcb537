import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import type { AnsweredWrites, WriteEvent } from './write-load';

/** Like rows by the public ids of their post and user, as the API names them. */
const publicLikes = (db: Db) =>
  db.kysely
    .selectFrom('likes')
    .innerJoin('posts', 'posts.id', 'likes.post_id')
    .innerJoin('users', 'users.id', 'likes.user_id')
    .select(['posts.public_id as post_id', 'users.public_id as user_id'])
    .execute();

/** Follow rows by the public ids of both people. */
const publicFollows = (db: Db) =>
  db.kysely
    .selectFrom('follows')
    .innerJoin('users as a', 'a.id', 'follows.follower_id')
    .innerJoin('users as b', 'b.id', 'follows.followee_id')
    .select(['a.public_id as follower_id', 'b.public_id as followee_id'])
    .execute();

/** Every answered write that the database does not hold, described in words (empty: nothing lost). */
export async function missingWrites(db: Db, answered: AnsweredWrites): Promise<string[]> {
  const missing: string[] = [];
  const k = db.kysely;
  const users = new Set((await k.selectFrom('users').select('public_id').execute()).map((u) => u.public_id));
  for (const user of answered.users) if (!users.has(user.id)) missing.push(`user ${user.username}`);
  const posts = new Map(
    (
      await k
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.author_id')
        .select(['posts.public_id as id', 'users.public_id as author_id', 'posts.content'])
        .execute()
    ).map((p) => [p.id, p]),
  );
  for (const post of answered.posts) {
    const row = posts.get(post.id);
    if (!row || row.author_id !== post.authorId || row.content !== post.content) missing.push(`post ${post.content}`);
  }
  const likes = new Set((await publicLikes(db)).map((l) => `${l.post_id}:${l.user_id}`));
  for (const like of answered.likes)
    if (!likes.has(`${like.postId}:${like.userId}`)) missing.push(`like ${like.postId}`);
  const follows = new Set((await publicFollows(db)).map((f) => `${f.follower_id}:${f.followee_id}`));
  for (const follow of answered.follows) {
    if (!follows.has(`${follow.followerId}:${follow.followeeId}`)) missing.push(`follow ${follow.followerId}`);
  }
  return missing;
}

/**
 * Counters kept in rows must equal what they count: a torn transaction (a like row without its count,
 * a post without its author's post_count) shows up here. Returns the rows that disagree.
 */
export async function counterMismatches(db: Db): Promise<string[]> {
  const { rows: posts } = await sql<{ id: string }>`
    select id from posts
    where like_count <> (select count(*) from likes where likes.post_id = posts.id)`.execute(db.kysely);
  const { rows: users } = await sql<{ id: string }>`
    select id from users
    where post_count <> (select count(*) from posts where posts.author_id = users.id)
       or follower_count <> (select count(*) from follows where follows.followee_id = users.id)
       or following_count <> (select count(*) from follows where follows.follower_id = users.id)`.execute(db.kysely);
  return [...posts.map((p) => `post ${p.id} like_count`), ...users.map((u) => `user ${u.id} counters`)];
}

/** SQLite's own check of the file: 'ok', or what is broken. */
export function sqliteIntegrity(db: Db): string {
  if (!db.sqlite) throw new Error('not a SQLite database');
  const rows = db.sqlite.pragma('integrity_check') as { integrity_check: string }[];
  const broken = db.sqlite.pragma('foreign_key_check') as unknown[];
  const result = rows.map((r) => r.integrity_check).join('; ');
  return broken.length ? `${result}; ${broken.length} foreign key violations` : result;
}

/** The writes of the load (answered or not) whose effect the database holds. */
export async function writesPresent(db: Db, events: WriteEvent[]): Promise<WriteEvent[]> {
  const k = db.kysely;
  const stored = {
    users: new Set((await k.selectFrom('users').select('username').execute()).map((u) => u.username)),
    posts: new Set((await k.selectFrom('posts').select('content').execute()).map((p) => p.content)),
    likes: new Set((await publicLikes(db)).map((l) => `${l.post_id}:${l.user_id}`)),
    follows: new Set((await publicFollows(db)).map((f) => `${f.follower_id}:${f.followee_id}`)),
  };
  return events.filter((event) => stored[event.kind].has(event.key));
}

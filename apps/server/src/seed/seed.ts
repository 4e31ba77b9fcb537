import crypto from 'node:crypto';
import { recountUsers } from '../db/counters';
import type { Db } from '../db/database';
import { fillHomeTimelines } from '../db/migrations/007-home-timelines';
import type { Key } from '../db/schema';
import { hashPassword } from '../modules/accounts';
import { defaultTimelineLength } from '../modules/posts';
import { exercisesVisibleTo, insertWorkouts, postWorkoutColumns } from '../modules/training';
import { seedTime } from './clock';
import { insertConversation } from './conversation';
import { seedBookmarks, seedFollows, seedPosts, seedUsers } from './data';
import { seedId } from './seed-id';
import { seedPostWorkouts, seedWorkouts } from './workouts';

const userId = (key: string) => seedId(`user:${key}`);
const postId = (key: string) => seedId(`post:${key}`);
const workoutId = (key: string) => seedId(`workout:${key}`);

/** The integer key the database gave the row with this public id. */
function keyOf(rows: { id: Key; public_id: string }[], publicId: string): Key {
  const row = rows.find((r) => r.public_id === publicId);
  if (!row) throw new Error(`the seed names ${publicId}, which it did not insert`);
  return row.id;
}

/** A time some minutes after another: likes, follows and bookmarks get distinct, ordered times. */
const after = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

async function insertSeed(db: Db): Promise<void> {
  // The guest's password is public (README, login screen); everyone else's is random and unknown.
  const hashes = await Promise.all(
    seedUsers.map((u) => hashPassword(u.password ?? crypto.randomBytes(24).toString('base64url'))),
  );
  await db.kysely.transaction().execute(async (trx) => {
    // The demo's public ids are fixed (seed-id.ts); the integer keys are whatever the database gives.
    const users = await trx
      .insertInto('users')
      .values(
        seedUsers.map((u, i) => ({
          public_id: userId(u.key),
          username: u.username,
          username_key: u.username.toLowerCase(),
          firstname: u.firstname,
          lastname: u.lastname,
          password_hash: hashes[i] ?? '',
          bio: u.bio,
          website: u.website,
          avatar_url: u.avatarUrl,
          token_version: 0,
          created_at: u.joined,
          updated_at: u.joined,
        })),
      )
      .returning(['id', 'public_id'])
      .execute();
    const posts = await trx
      .insertInto('posts')
      .values(
        seedPosts.map((p) => ({
          public_id: postId(p.key),
          author_id: keyOf(users, userId(p.author)),
          content: p.content,
          image: p.image ?? null,
          media_type: p.image ? ('image' as const) : null,
          alt: null,
          like_count: p.likedBy.length,
          created_at: p.createdAt,
          updated_at: p.likedBy.length ? after(p.createdAt, 60 * p.likedBy.length) : p.createdAt,
        })),
      )
      .returning(['id', 'public_id'])
      .execute();
    const user = (key: string) => keyOf(users, userId(key));
    const post = (key: string) => keyOf(posts, postId(key));
    const likes = seedPosts.flatMap((p) =>
      p.likedBy.map((u, i) => ({
        post_id: post(p.key),
        user_id: user(u),
        created_at: after(p.createdAt, 60 * (i + 1)),
      })),
    );
    if (likes.length) await trx.insertInto('likes').values(likes).execute();
    await trx
      .insertInto('follows')
      .values(
        seedFollows.map(([follower, followee], i) => ({
          follower_id: user(follower),
          followee_id: user(followee),
          created_at: after(seedTime('2026-07-20T10:00:00.000Z'), 90 * i),
        })),
      )
      .execute();
    await trx
      .insertInto('bookmarks')
      .values(
        seedBookmarks.map(([who, what], i) => ({
          user_id: user(who),
          post_id: post(what),
          created_at: after(seedTime('2026-11-19T10:00:00.000Z'), 30 * i),
        })),
      )
      .execute();
    await recountUsers(trx);
    // Rows loaded straight into the tables: the home timelines are filled from them.
    await fillHomeTimelines(trx, defaultTimelineLength);
    await insertConversation(trx, user, post);
  });
  await insertSeedWorkouts(db);
}

/** The demo people's eight weeks of workouts (seed/workouts.ts), and the posts that share one. */
async function insertSeedWorkouts(db: Db): Promise<void> {
  const users = await db.kysely.selectFrom('users').select(['id', 'public_id']).execute();
  const exercises = await exercisesVisibleTo(db, users[0]?.id ?? 0, [
    ...new Set(seedWorkouts.flatMap((w) => w.workout.exercises.map((e) => e.exerciseId))),
  ]);
  for (const owner of new Set(seedWorkouts.map((w) => w.owner))) {
    const ownerId = keyOf(users, userId(owner));
    const writes = seedWorkouts
      .filter((w) => w.owner === owner)
      .map((w) => ({ id: workoutId(w.key), userId: ownerId, workout: w.workout, exercises }));
    await insertWorkouts(db, ownerId, writes);
  }
  for (const [post, workout] of Object.entries(seedPostWorkouts)) {
    const author = seedPosts.find((p) => p.key === post)?.author ?? '';
    const columns = await postWorkoutColumns(db, keyOf(users, userId(author)), workoutId(workout));
    await db.kysely
      .updateTable('posts')
      .set({ workout_id: columns.id, workout_summary: columns.summary })
      .where('public_id', '=', postId(post))
      .execute();
  }
}

/** Loads the demo network into an empty database; does nothing once anyone has signed up. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  try {
    await insertSeed(db);
    return true;
  } catch (error) {
    // Two servers starting on one empty PostgreSQL database at once: the other one seeded it.
    const seeded = await db.kysely.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (seeded) return false;
    throw error;
  }
}

/** `npm run seed`: wipes every row and loads the demo network again. */
export async function resetAndSeed(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    for (const table of [
      'sessions',
      'security_events',
      'notifications',
      'comments',
      'bookmarks',
      'likes',
      'dislikes',
      'follows',
      'posts',
      'test_todos',
      'users',
    ] as const) {
      await trx.deleteFrom(table).execute();
    }
  });
  await insertSeed(db);
}

export const seedIds = { userId, postId };

/** The demo guest: its password is public, so it cannot be changed (the guest button must keep working). */
export const isDemoGuest = (publicId: string) => publicId === userId('guest');

const loopbackHosts = new Set(['127.0.0.1', '::1', 'localhost']);

/** Whether the demo guest (public password) exists and HOST lets other machines reach it. */
export async function servesDemoGuest(db: Db, host: string): Promise<boolean> {
  if (loopbackHosts.has(host) || host.startsWith('127.')) return false;
  const guest = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('public_id', '=', userId('guest'))
    .executeTakeFirst();
  return guest !== undefined;
}

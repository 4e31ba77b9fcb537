import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { fillHomeTimelines } from '../../apps/server/src/db/migrations/007-home-timelines';
import { fillTrainingFigures } from '../../apps/server/src/db/migrations/066-exercise-bests';
import { latestActorsBackfill } from '../../apps/server/src/db/migrations/076-notification-latest-actors';
import { fillProgressFigures } from '../../apps/server/src/db/migrations/140-progress-figures';
import { hashPassword } from '../../apps/server/src/modules/accounts/password';
import { defaultTimelineLength } from '../../apps/server/src/modules/posts/queries/home-timeline';
import { datasetKey, progress } from './cache-key';
import type { ActorRow, CommentRow, NotificationRow, TagRow } from './conversation';
import { benchPassword, type EdgeRow, Network, type NetworkSize, type PostRow } from './network';
import { bulkTables, type LoadedTable, loadedColumns } from './tables';
import type { TraineeHistory } from './training';

export const postgresAdminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const urlOf = (database: string) => {
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function loadedKey(database: string): Promise<string | undefined> {
  const exists = await withClient(postgresAdminUrl, (c) =>
    c.query('select 1 from pg_database where datname = $1', [database]),
  );
  if (exists.rowCount === 0) return undefined;
  return withClient(urlOf(database), async (c) => {
    const table = await c.query(`select to_regclass('bench_meta') as t`);
    if (!table.rows[0]?.t) return undefined;
    return (await c.query('select key from bench_meta')).rows[0]?.key as string | undefined;
  });
}

/**
 * The generated network in its own PostgreSQL database (`spotter_bench`, `spotter_bench_small`),
 * loaded once per dataset key: a table `bench_meta` remembers which. Returns its URL.
 */
export async function ensurePostgresNetwork(size: NetworkSize, database: string): Promise<string> {
  const key = datasetKey(size, 'postgres');
  if ((await loadedKey(database)) === key) return urlOf(database);
  console.log(`Building the ${size.name} network on PostgreSQL (database ${database})`);
  await withClient(postgresAdminUrl, async (c) => {
    await c.query(`drop database if exists ${database} with (force)`);
    await c.query(`create database ${database}`);
  });
  const db = openDatabase({ kind: 'postgres', url: urlOf(database) });
  await migrateToLatest(db);
  await db.close();
  await withClient(urlOf(database), async (c) => {
    await load(c, new Network(size));
    // Rows loaded straight into the tables: the precomputed home timelines are filled from them.
    const filled = openDatabase({ kind: 'postgres', url: urlOf(database) });
    await fillHomeTimelines(filled.kysely, defaultTimelineLength);
    // And the stored training figures (per-person bests, each entry's heaviest weight and progress figures) from the workouts.
    await fillTrainingFigures(filled.kysely);
    await fillProgressFigures(filled.kysely);
    await fillProgressFigures(filled.kysely);
    await filled.close();
    // And each notification's newest actors (its triggers were off during the load).
    await c.query(latestActorsBackfill('postgres'));
    await c.query('vacuum analyze workout_exercises, exercise_bests, notifications');
    await c.query('create table bench_meta (key text not null)');
    await c.query('insert into bench_meta (key) values ($1)', [key]);
  });
  return urlOf(database);
}

/** Inserts many rows in one statement: one array per column, expanded by unnest. */
async function insertColumns(client: pg.Client, table: string, columns: Record<string, [string, unknown[]]>) {
  const names = Object.keys(columns);
  const arrays = names.map((n, i) => `$${i + 1}::${columns[n]?.[0]}[]`);
  await client.query(
    `insert into ${table} (${names.join(', ')}) select * from unnest(${arrays.join(', ')})`,
    names.map((n) => columns[n]?.[1]),
  );
}

async function load(client: pg.Client, network: Network) {
  const indexes = (
    await client.query(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = 'public' and i.tablename = any($1)
       and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [bulkTables],
    )
  ).rows as { indexname: string; indexdef: string }[];
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  // Foreign keys are checked by triggers; the generated rows are consistent by construction.
  await client.query('set session_replication_role = replica');

  const passwordHash = await hashPassword(benchPassword);
  const users = [...network.users()];
  await insertColumns(client, 'users', {
    id: ['bigint', users.map((u) => u.id)],
    public_id: ['text', users.map((u) => u.public_id)],
    username: ['text', users.map((u) => u.username)],
    username_key: ['text', users.map((u) => u.username_key)],
    firstname: ['text', users.map((u) => u.firstname)],
    lastname: ['text', users.map((u) => u.lastname)],
    password_hash: ['text', users.map(() => passwordHash)],
    bio: ['text', users.map((u) => u.bio)],
    website: ['text', users.map((u) => u.website)],
    avatar_url: ['text', users.map((u) => u.avatar_url)],
    token_version: ['int', users.map(() => 0)],
    follower_count: ['int', users.map((u) => u.follower_count)],
    following_count: ['int', users.map((u) => u.following_count)],
    post_count: ['int', users.map((u) => u.post_count)],
    created_at: ['timestamptz', users.map((u) => u.created_at)],
    updated_at: ['timestamptz', users.map((u) => u.updated_at)],
  });

  const insertEdges = (table: string, a: string, b: string, rows: EdgeRow[]) =>
    insertColumns(client, table, {
      [a]: ['bigint', rows.map((r) => r.a)],
      [b]: ['bigint', rows.map((r) => r.b)],
      created_at: ['timestamptz', rows.map((r) => r.created_at)],
    });
  let follows: EdgeRow[] = [];
  for (const follow of network.follows()) {
    follows.push(follow);
    if (follows.length === 50_000) {
      await insertEdges('follows', 'follower_id', 'followee_id', follows);
      follows = [];
    }
  }
  await insertEdges('follows', 'follower_id', 'followee_id', follows);

  const insertPosts = (rows: PostRow[]) =>
    insertColumns(client, 'posts', {
      id: ['bigint', rows.map((r) => r.id)],
      public_id: ['text', rows.map((r) => r.public_id)],
      author_id: ['bigint', rows.map((r) => r.author_id)],
      content: ['text', rows.map((r) => r.content)],
      like_count: ['int', rows.map((r) => r.like_count)],
      comment_count: ['int', rows.map((r) => r.comment_count)],
      created_at: ['timestamptz', rows.map((r) => r.created_at)],
      updated_at: ['timestamptz', rows.map((r) => r.updated_at)],
    });
  const total = network.size.posts;
  const shown = progress(`${total.toLocaleString('en')} posts and their likes`);
  let posts: PostRow[] = [];
  let likes: EdgeRow[] = [];
  let talk: Talk = emptyTalk();
  let done = 0;
  const flush = async () => {
    await insertPosts(posts);
    await insertEdges('likes', 'post_id', 'user_id', likes);
    await insertTalk(client, talk);
    done += posts.length;
    posts = [];
    likes = [];
    talk = emptyTalk();
    shown.tick(done, total);
  };
  for (const item of network.posts()) {
    posts.push(item.post);
    likes.push(...item.likes);
    talk.tags.push(...item.tags);
    talk.comments.push(...item.comments);
    talk.commentTags.push(...item.commentTags);
    talk.notifications.push(...item.notifications);
    talk.actors.push(...item.actors);
    if (posts.length === 20_000) await flush();
  }
  await flush();
  shown.end();
  for (const { notification, actors } of network.followNotifications()) {
    talk.notifications.push(notification);
    talk.actors.push(...actors);
    if (talk.actors.length > 50_000) {
      await insertTalk(client, talk);
      talk = emptyTalk();
    }
  }
  await insertTalk(client, talk);
  const training = progress('workouts of the trainees');
  let history: TraineeHistory = { workouts: [], exercises: [], sets: [], records: [], routines: [] };
  const flushTraining = async () => {
    await insertTraining(client, history);
    history = { workouts: [], exercises: [], sets: [], records: [], routines: [] };
  };
  for (const one of network.workouts()) {
    history.workouts.push(...one.workouts);
    history.exercises.push(...one.exercises);
    history.sets.push(...one.sets);
    history.records.push(...one.records);
    history.routines.push(...one.routines);
    if (history.sets.length > 50_000) await flushTraining();
  }
  await flushTraining();
  training.end();

  await client.query('set session_replication_role = default');
  // The keys were given explicitly: new rows continue after them.
  for (const table of ['users', 'posts', 'comments', 'notifications']) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  await client.query("set maintenance_work_mem = '256MB'");
  const building = progress(`${indexes.length} indexes`);
  for (const [i, index] of indexes.entries()) {
    await client.query(index.indexdef);
    building.tick(i + 1, indexes.length);
  }
  building.end();
  // What autovacuum does to a table that stopped changing: statistics, and the visibility map that
  // lets index-only scans skip the table.
  await client.query('vacuum analyze');
}

interface Talk {
  tags: TagRow[];
  comments: CommentRow[];
  commentTags: { comment_id: number; tag: string; post_id: number }[];
  notifications: NotificationRow[];
  actors: ActorRow[];
}
const emptyTalk = (): Talk => ({ tags: [], comments: [], commentTags: [], notifications: [], actors: [] });

/** Rows of one table, 50,000 at a time, as columns of the types tables.ts gives. */
async function insertRows<T extends object>(client: pg.Client, table: LoadedTable, rows: readonly T[]) {
  const types: Record<string, string> = loadedColumns[table];
  for (let i = 0; i < rows.length; i += 50_000) {
    const part = rows.slice(i, i + 50_000) as unknown as Record<string, unknown>[];
    if (part.length === 0) continue;
    await insertColumns(
      client,
      table,
      Object.fromEntries(Object.entries(types).map(([name, type]) => [name, [type, part.map((r) => r[name])]])),
    );
  }
}

async function insertTalk(client: pg.Client, talk: Talk) {
  await insertRows(client, 'comments', talk.comments);
  await insertRows(client, 'comment_tags', talk.commentTags);
  await insertRows(client, 'post_tags', talk.tags);
  await insertRows(client, 'notifications', talk.notifications);
  await insertRows(
    client,
    'notification_actors',
    talk.actors.map((a) => ({ notification_id: a.a, actor_id: a.b, created_at: a.created_at })),
  );
}

async function insertTraining(client: pg.Client, history: TraineeHistory) {
  await insertRows(client, 'workouts', history.workouts);
  await insertRows(client, 'workout_exercises', history.exercises);
  await insertRows(client, 'workout_sets', history.sets);
  await insertRows(client, 'workout_records', history.records);
  await insertRows(client, 'routines', history.routines);
}

import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { fillHomeTimelines } from '../../apps/server/src/db/migrations/007-home-timelines';
import { fillTrainingFigures } from '../../apps/server/src/db/migrations/066-exercise-bests';
import { latestActorsBackfill } from '../../apps/server/src/db/migrations/076-notification-latest-actors';
import { fillProgressFigures } from '../../apps/server/src/db/migrations/140-progress-figures';
import SqliteDatabase from '../../apps/server/src/db/sqlite-driver';
import { hashPassword } from '../../apps/server/src/modules/accounts/password';
import { defaultTimelineLength } from '../../apps/server/src/modules/posts/queries/home-timeline';
import { datasetKey, progress } from './cache-key';
import { benchPassword, Network, type NetworkSize } from './network';
import { bulkTables, type LoadedTable, loadedColumns } from './tables';
import type { TraineeHistory } from './training';

export const cacheDir = path.resolve(import.meta.dirname, '..', '.cache');

/**
 * The generated network in a SQLite file under bench/.cache, built once per dataset key: the
 * benchmark copies it before each run, so that runs never see each other's likes.
 */
export async function ensureSqliteNetwork(size: NetworkSize): Promise<string> {
  const file = path.join(cacheDir, `sqlite-${datasetKey(size, 'sqlite')}.db`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(cacheDir, { recursive: true });
  console.log(`Building the ${size.name} network on SQLite (cached as ${path.relative(process.cwd(), file)})`);
  const building = `${file}.building`;
  fs.rmSync(building, { force: true });

  // The schema is the server's own, migrations and all.
  const db = openDatabase({ kind: 'sqlite', file: building });
  await migrateToLatest(db);
  await db.close();
  for (const suffix of ['-wal', '-shm']) fs.rmSync(`${building}${suffix}`, { force: true });

  const sqlite = new SqliteDatabase(building);
  try {
    sqlite.pragma('journal_mode = OFF');
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('cache_size = -262144');
    await load(sqlite, new Network(size));
    sqlite.pragma('journal_mode = WAL');
  } finally {
    sqlite.close();
  }
  // Rows loaded straight into the tables: the precomputed home timelines are filled from them.
  const filled = openDatabase({ kind: 'sqlite', file: building });
  await fillHomeTimelines(filled.kysely, defaultTimelineLength);
  // And the stored training figures (per-person bests, each entry's heaviest weight and progress figures) from the workouts.
  await fillTrainingFigures(filled.kysely);
  await fillProgressFigures(filled.kysely);
  await filled.close();
  fs.renameSync(building, file);
  return file;
}

/** The bulk tables' indexes (those a statement made) or triggers, with the SQL that makes them again. */
const schemaObjectsOf = (sqlite: BetterSqlite3.Database, type: 'index' | 'trigger') =>
  sqlite
    .prepare(
      `select name, sql from sqlite_master where type = ? and sql is not null
       and tbl_name in (${bulkTables.map(() => '?').join(',')})`,
    )
    .all(type, ...bulkTables) as { name: string; sql: string }[];

async function load(sqlite: BetterSqlite3.Database, network: Network) {
  const indexes = schemaObjectsOf(sqlite, 'index');
  for (const index of indexes) sqlite.exec(`drop index ${index.name}`);
  // Triggers too (a row's trigger reads an index dropped above): what they keep is filled at the end.
  const triggers = schemaObjectsOf(sqlite, 'trigger');
  for (const trigger of triggers) sqlite.exec(`drop trigger ${trigger.name}`);

  const passwordHash = await hashPassword(benchPassword);
  const insertUser = sqlite.prepare(`insert into users (id, public_id, username, username_key, firstname, lastname,
    password_hash, bio, website, avatar_url, token_version, follower_count, following_count, post_count,
    created_at, updated_at) values (@id, @public_id, @username, @username_key, @firstname, @lastname, @password_hash, @bio,
    @website, @avatar_url, 0, @follower_count, @following_count, @post_count, @created_at, @updated_at)`);
  sqlite.transaction(() => {
    for (const user of network.users()) insertUser.run({ ...user, password_hash: passwordHash });
  })();

  const insertFollow = sqlite.prepare('insert into follows (follower_id, followee_id, created_at) values (?, ?, ?)');
  sqlite.transaction(() => {
    for (const f of network.follows()) insertFollow.run(f.a, f.b, f.created_at);
  })();

  const insertPost = sqlite.prepare(`insert into posts (id, public_id, author_id, content, image, media_type, alt,
    like_count, comment_count, created_at, updated_at) values (@id, @public_id, @author_id, @content, null, null, null,
    @like_count, @comment_count, @created_at, @updated_at)`);
  const insertLike = sqlite.prepare('insert into likes (post_id, user_id, created_at) values (?, ?, ?)');
  const insertRows = (table: LoadedTable) => {
    const columns = Object.keys(loadedColumns[table]);
    const statement = sqlite.prepare(
      `insert into ${table} (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    return (rows: readonly object[]) => {
      for (const row of rows) statement.run(row);
    };
  };
  const insertTags = insertRows('post_tags');
  const insertCommentTags = insertRows('comment_tags');
  const insertComments = insertRows('comments');
  const insertNotifications = insertRows('notifications');
  const insertActor = sqlite.prepare(
    'insert into notification_actors (notification_id, actor_id, created_at) values (?, ?, ?)',
  );
  const total = network.size.posts;
  const shown = progress(`${total.toLocaleString('en')} posts and their likes`);
  type Item = ReturnType<Network['posts']> extends Generator<infer T> ? T : never;
  const batch = sqlite.transaction((items: Item[]) => {
    for (const { post, likes, tags, comments, commentTags, notifications, actors } of items) {
      insertPost.run(post);
      for (const like of likes) insertLike.run(like.a, like.b, like.created_at);
      insertTags(tags);
      insertComments(comments);
      insertCommentTags(commentTags);
      insertNotifications(notifications);
      for (const a of actors) insertActor.run(a.a, a.b, a.created_at);
    }
  });
  let pending: Parameters<typeof batch>[0] = [];
  let done = 0;
  for (const item of network.posts()) {
    pending.push(item);
    if (pending.length === 20_000) {
      batch(pending);
      done += pending.length;
      pending = [];
      shown.tick(done, total);
    }
  }
  batch(pending);
  shown.end();

  sqlite.transaction(() => {
    for (const { notification, actors } of network.followNotifications()) {
      insertNotifications([notification]);
      for (const a of actors) insertActor.run(a.a, a.b, a.created_at);
    }
  })();

  const workouts = insertRows('workouts');
  const exercises = insertRows('workout_exercises');
  const sets = insertRows('workout_sets');
  const records = insertRows('workout_records');
  const routines = insertRows('routines');
  const training = progress('workouts of the trainees');
  const traineeBatch = sqlite.transaction((history: TraineeHistory) => {
    workouts(history.workouts);
    exercises(history.exercises);
    sets(history.sets);
    records(history.records);
    routines(history.routines);
  });
  for (const history of network.workouts()) traineeBatch(history);
  training.end();

  const building = progress(`${indexes.length} indexes`);
  indexes.forEach((index, i) => {
    sqlite.exec(index.sql);
    building.tick(i + 1, indexes.length);
  });
  building.end();
  for (const trigger of triggers) sqlite.exec(trigger.sql);
  sqlite.exec(latestActorsBackfill('sqlite'));
}

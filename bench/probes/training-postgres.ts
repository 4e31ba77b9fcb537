import Database from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { userKey } from '../generate/network';
import { firstTrainee } from '../generate/training';

/**
 * Copies some trainees of a generated network's SQLite file (their user rows and their whole
 * training history, stored figures included) into a PostgreSQL database of one's own, so that
 * bench/probes/training-cost.ts can measure creating a workout on PostgreSQL without loading the whole
 * network: `npx tsx bench/probes/training-postgres.ts <sqlite file> <database> [trainees]` (100 by default,
 * the ones training-cost.ts creates workouts for). The database is dropped and made anew.
 */
const [source, database, count = '100'] = process.argv.slice(2);
if (!source || !database)
  throw new Error('usage: npx tsx bench/probes/training-postgres.ts <sqlite file> <database> [n]');
const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = new URL(admin);
url.pathname = `/${database}`;

const adminClient = new pg.Client({ connectionString: admin });
await adminClient.connect();
await adminClient.query(`drop database if exists ${database} with (force)`);
await adminClient.query(`create database ${database}`);
await adminClient.end();
const db = openDatabase({ kind: 'postgres', url: url.toString() });
await migrateToLatest(db);
await db.close();

const sqlite = new Database(source, { readonly: true });
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const users = Array.from({ length: Number(count) }, (_, i) => userKey(firstTrainee + i));
const marks = users.map(() => '?').join(',');
const workoutIds = `select id from workouts where user_id in (${marks})`;
const tables: [string, string][] = [
  ['users', `select * from users where id in (${marks})`],
  ['workouts', `select * from workouts where user_id in (${marks})`],
  ['workout_exercises', `select * from workout_exercises where user_id in (${marks})`],
  ['workout_sets', `select * from workout_sets where workout_id in (${workoutIds})`],
  ['workout_records', `select * from workout_records where user_id in (${marks})`],
  ['exercise_bests', `select * from exercise_bests where user_id in (${marks})`],
];
for (const [table, query] of tables) {
  const rows = sqlite.prepare(query).all(...users) as Record<string, unknown>[];
  const first = rows[0];
  if (!first) continue;
  const columns = Object.keys(first);
  const per = Math.floor(60_000 / columns.length);
  for (let at = 0; at < rows.length; at += per) {
    const batch = rows.slice(at, at + per);
    const values: unknown[] = [];
    const tuples = batch.map((row) => {
      const marks = columns.map((c) => {
        values.push(row[c]);
        return `$${values.length}`;
      });
      return `(${marks.join(',')})`;
    });
    await client.query(`insert into ${table} (${columns.join(',')}) values ${tuples.join(',')}`, values);
  }
  console.log(`${table}: ${rows.length} rows`);
}
await client.query(`select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`);
await client.query('analyze');
await client.end();
sqlite.close();

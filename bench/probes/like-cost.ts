import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { createTokens } from '../../apps/server/src/auth/tokens';
import { envToConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/database';
import { postgresBackendsCpuMs } from '../load/postgres-cpu';
import { countingStatements } from './statement-count';

/**
 * What one like or unlike costs the server (issue 13), in process through app.inject, as the bench's
 * like + unlike scenario sends them (`Prefer: return=minimal`, 100 people, each liking a post and
 * taking the like back): `npx tsx bench/probes/like-cost.ts <sqlite file | postgres>`. A SQLite file (a
 * generated network's, bench/.cache/sqlite-small-*.db) is copied to /tmp first, never written; with
 * `postgres` it makes its own seeded database in BENCH_POSTGRES_URL and drops it. Each person's pair
 * is done once to warm up, then three rounds; medians. Beside the CPU: the statements one request
 * sends (begin and commit not counted: they pass no plugin) and, on PostgreSQL, the CPU of the
 * database's backends (from /proc).
 */
const source = process.argv[2];
if (!source) throw new Error('usage: npx tsx bench/probes/like-cost.ts <sqlite file | postgres>');
const onPostgres = source === 'postgres';
const secret = 'like-cost-secret-of-at-least-forty-characters';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-like-cost-'));
const admin = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `spotter_like_cost_${process.pid}`;
const adminQuery = async (text: string) => {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
let database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
if (onPostgres) {
  await adminQuery(`create database ${dbName}`);
  const url = new URL(admin);
  url.pathname = `/${dbName}`;
  database = { kind: 'postgres', url: url.toString() };
} else {
  const file = path.join(dataDir, 'like-cost.db');
  fs.copyFileSync(source, file);
  database = { kind: 'sqlite', file };
}
const env = envToConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  JWT_SECRET: secret,
  RATE_LIMITS: 'false',
  SEED: onPostgres ? 'true' : 'false',
});
const opened = openDatabase(database);
const { db, sent } = countingStatements(opened);
const app = await buildApp({ ...env, database }, { db });

// Generated networks: the first 100 people like nothing (bench/generate/network.ts likerPool); a seeded
// database is small, so its people like each other's newest posts.
const people = await db.kysely
  .selectFrom('users')
  .select(['public_id', 'username', 'token_version'])
  .orderBy('id')
  .limit(100)
  .execute();
const posts = await db.kysely
  .selectFrom('posts')
  .select(['public_id'])
  .where('visibility', '=', 'public')
  .where('removed_at', 'is', null)
  .orderBy('id', 'desc')
  .limit(500)
  .execute();
const liked = new Set(
  (
    await db.kysely
      .selectFrom('likes')
      .innerJoin('users', 'users.id', 'likes.user_id')
      .innerJoin('posts', 'posts.id', 'likes.post_id')
      .select(['users.public_id as user', 'posts.public_id as post'])
      .where('likes.user_id', '<=', 100 as never)
      .execute()
  ).map((l) => `${l.user}:${l.post}`),
);
const tokens = createTokens(new TextEncoder().encode(secret), 3600);
const pairs = await Promise.all(
  people.map(async (p, i) => ({
    token: await tokens.sign({ _id: p.public_id, username: p.username, ver: p.token_version }),
    // A post the person has not liked yet, so that the like is one.
    post:
      posts
        .map((_, k) => posts[(i * 7 + k) % posts.length]?.public_id ?? '')
        .find((post) => !liked.has(`${p.public_id}:${post}`)) ?? '',
  })),
);

const send = async (action: 'like' | 'dislike', pair: { token: string; post: string }) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/posts/${action}/${pair.post}`,
    headers: { authorization: pair.token, prefer: 'return=minimal' },
  });
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`${action}: ${res.statusCode} ${res.body}`);
};
// A seeded database has a few people: each round goes over them until it has sent at least 400 requests.
const passes = Math.ceil(200 / Math.max(pairs.length, 1));
const likeAndUnlike = async () => {
  for (let pass = 0; pass < passes; pass++)
    for (const pair of pairs) {
      await send('like', pair);
      await send('dislike', pair);
    }
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
await likeAndUnlike();
const rounds: number[] = [];
const databaseRounds: number[] = [];
for (let round = 0; round < 3; round++) {
  const databaseStart = await postgresBackendsCpuMs(db);
  const start = process.cpuUsage();
  await likeAndUnlike();
  const used = process.cpuUsage(start);
  rounds.push((used.user + used.system) / 1000 / (passes * pairs.length * 2));
  databaseRounds.push(((await postgresBackendsCpuMs(db)) - databaseStart) / (passes * pairs.length * 2));
}
const first = pairs[0];
if (!first) throw new Error('no one to like with');
let before = sent();
await send('like', first);
const likeStatements = sent() - before;
before = sent();
await send('dislike', first);
const dislikeStatements = sent() - before;
console.log(
  `${database.kind}, ${pairs.length} people: ${median(rounds).toFixed(3)} ms of CPU per like or unlike (rounds ${rounds.map((r) => r.toFixed(3)).join(', ')}); ` +
    `statements: like ${likeStatements}, unlike ${dislikeStatements}` +
    (onPostgres
      ? `; PostgreSQL ${median(databaseRounds).toFixed(3)} ms (rounds ${databaseRounds.map((r) => r.toFixed(3)).join(', ')})`
      : ''),
);
await app.close();
await opened.close();
if (onPostgres) await adminQuery(`drop database ${dbName}`);
fs.rmSync(dataDir, { recursive: true, force: true });

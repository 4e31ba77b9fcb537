import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/database';
import { nowIso } from '../../apps/server/src/db/time';
import { postgresAdminUrl } from '../generate/postgres';
import { Prng } from '../generate/prng';
import { startServer } from '../servers/spotter';
import { type StubHosts, startStubHosts } from './federation-stubs';

/**
 * Issue 49's first federation figure: one public post by a local person with 1,000 remote followers
 * on 50 remote servers (20 each) goes out as 50 deliveries, one per server's shared inbox, all taken
 * within 10 s by stub inboxes (federation-stubs.ts); and that author's POST /api/posts answers as fast
 * as the same POST by a person whose 1,000 followers are all local (p99 within 1.2×), since delivery
 * is queued. The two authors post in turn at a paced rate, in one run: each POST of one meets the same
 * background (the queue delivering the earlier posts) as the other's next to it.
 *
 * Its own server on a database of its own (SQLite in a temporary directory, or a fresh PostgreSQL
 * database), the followers written straight into it. Alone:
 * `npx tsx bench/figures/federation-fan-out.ts [--db sqlite|postgres] [--quick]`.
 */
export interface FederationFanOutResult {
  database: 'sqlite' | 'postgres';
  remoteFollowers: number;
  servers: number;
  /** Deliveries each timed post made (one per server's shared inbox is 50). */
  deliveriesPerPost: number[];
  /** From the POST sent to the last of its deliveries taken, per timed post. */
  allDeliveredMs: number[];
  allDeliveredMedianMs: number;
  postsPerSecond: number;
  /** p99 of each round's POSTs: the author with remote followers, and the one without (posting in turn). */
  rounds: { remoteP99Ms: number; localP99Ms: number }[];
  /** p99 over every round's POSTs of each author, and their ratio. */
  remoteP99Ms: number;
  localP99Ms: number;
  p99Ratio: number;
  failures: number;
}

const jwtSecret = 'bench-only-secret-of-at-least-thirty-two-characters';
const followersPerServer = 20;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};
const median = (values: number[]) => quantile(values, 0.5);

async function signup(url: string, username: string): Promise<{ token: string }> {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstname: username, lastname: 'Bench', username, password: 'bench-password-2026' }),
  });
  const body = (await res.json()) as { encodedToken?: string; errors?: string[] };
  if (res.status !== 201 || !body.encodedToken)
    throw new Error(`signup of ${username}: ${res.status} ${JSON.stringify(body.errors ?? body)}`);
  return { token: body.encodedToken };
}

/** A public post; its public id and the time its answer took. */
async function post(url: string, token: string, content: string): Promise<{ id: string; ms: number; ok: boolean }> {
  const started = performance.now();
  const res = await fetch(`${url}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, prefer: 'return=minimal' },
    body: JSON.stringify({ postData: { content } }),
  });
  const body = (await res.json()) as { post?: { _id: string } };
  return { id: body.post?._id ?? '', ms: performance.now() - started, ok: res.status === 201 };
}

/**
 * `rate` posts a second for `seconds`, each slot's author drawn at random (seeded), each sent on time
 * whether or not the one before has answered: both authors' POSTs meet the same background (the
 * deliveries of the earlier posts) at the same moments. Not in turn: with one author on the even
 * slots, theirs always came one period after their own last post, as its deliveries ended, and the
 * other's always half a period after it.
 */
async function pacedPosts(
  url: string,
  tokens: [string, string],
  rate: number,
  seconds: number,
  label: string,
  prng: Prng,
) {
  const started = performance.now();
  const sent: [Promise<Awaited<ReturnType<typeof post>>>[], Promise<Awaited<ReturnType<typeof post>>>[]] = [[], []];
  for (let i = 0; i < rate * seconds; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const author = prng.int(2);
    sent[author]?.push(post(url, tokens[author] ?? '', `${label} ${i}`));
  }
  return { first: await Promise.all(sent[0]), second: await Promise.all(sent[1]) };
}

/**
 * 1,000 remote people (20 on each stub host, sharing its inbox) follow `authorId`; 1,000 local people
 * follow `controlId`, so both authors' posts fan out to as many home timelines (remote followers get
 * rows too) and federation is the one difference.
 */
async function writeFollowers(
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string },
  stubs: StubHosts,
  authorName: string,
  controlName: string,
) {
  const db = openDatabase(database);
  try {
    const idOf = async (name: string) =>
      (await db.kysely.selectFrom('users').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    const authorId = await idOf(authorName);
    const controlId = await idOf(controlName);
    const at = nowIso();
    const person = (name: string) => ({
      public_id: crypto.randomUUID(),
      username: name,
      username_key: name.toLowerCase(),
      firstname: name.split('@')[0] ?? name,
      lastname: '',
      password_hash: '',
      bio: '',
      website: '',
      avatar_url: '',
      token_version: 0,
      created_at: at,
      updated_at: at,
    });
    const remote = stubs.hosts.flatMap((host) =>
      Array.from({ length: followersPerServer }, (_, i) => ({
        ...person(`follower${i}@${host}`),
        remote: 1,
        actor_uri: `https://${host}/users/follower${i}`,
        inbox_url: `https://${host}/users/follower${i}/inbox`,
        shared_inbox_url: `https://${host}/inbox`,
        profile_url: `https://${host}/@follower${i}`,
      })),
    );
    const local = remote.map((_, i) => person(`localfollower${i}`));
    await db.kysely.transaction().execute(async (trx) => {
      for (const [people, followee] of [
        [remote, authorId],
        [local, controlId],
      ] as const) {
        const ids = await trx.insertInto('users').values(people).returning('id').execute();
        await trx
          .insertInto('follows')
          .values(ids.map(({ id }) => ({ follower_id: id, followee_id: followee, created_at: at })))
          .execute();
        await trx.updateTable('users').set({ follower_count: ids.length }).where('id', '=', followee).execute();
      }
    });
    return remote.length;
  } finally {
    await db.close();
  }
}

async function freshPostgres(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function measureFederationFanOut(options: {
  database: 'sqlite' | 'postgres';
  port: number;
  quick: boolean;
}): Promise<FederationFanOutResult> {
  const servers = 50;
  const stubs = await startStubHosts(servers);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-bench-federation-'));
  const postgresUrl =
    options.database === 'postgres'
      ? await freshPostgres(`${process.env.BENCH_DATABASE ?? 'spotter_bench'}_federation`)
      : undefined;
  const origin = `http://127.0.0.1:${options.port}`;
  const server = await startServer({
    port: options.port,
    dataDir,
    jwtSecret,
    ...(postgresUrl ? { postgresUrl } : {}),
    env: {
      PUBLIC_URL: origin,
      FEDERATION: 'true',
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      NODE_EXTRA_CA_CERTS: stubs.certificates.caFile,
    },
  });
  try {
    const author = await signup(server.url, 'author');
    const control = await signup(server.url, 'control');
    const remoteFollowers = await writeFollowers(
      postgresUrl ? { kind: 'postgres', url: postgresUrl } : { kind: 'sqlite', file: path.join(dataDir, 'spotter.db') },
      stubs,
      'author',
      'control',
    );
    const deliveriesOf = (id: string) => stubs.deliveries.filter((d) => d.objectId.endsWith(`/ap/posts/${id}`));
    const allTaken = (ids: string[], timeoutMs: number) =>
      stubs.waitFor(() => ids.every((id) => new Set(deliveriesOf(id).map((d) => d.host)).size === servers), timeoutMs);

    // The first post makes the author's keys and opens the connections: not timed.
    const first = await post(server.url, author.token, 'warm-up');
    await allTaken([first.id], 60_000);

    const allDeliveredMs: number[] = [];
    const timed: string[] = [];
    for (let i = 0; i < (options.quick ? 3 : 5); i++) {
      const started = performance.now();
      const sent = await post(server.url, author.token, `timed ${i}`);
      timed.push(sent.id);
      await allTaken([sent.id], 60_000);
      allDeliveredMs.push(Math.round(Math.max(...deliveriesOf(sent.id).map((d) => d.at)) - started));
    }

    // Four posts a second, each by either author (about 100 deliveries a second asked of the queue).
    const postsPerSecond = 4;
    // Five rounds of 30 s: about 300 POSTs by each author, so that each p99 is not one or two answers.
    const seconds = options.quick ? 8 : 30;
    const rounds: FederationFanOutResult['rounds'] = [];
    const all = { remote: [] as number[], local: [] as number[] };
    let failures = 0;
    const prng = new Prng(49);
    await pacedPosts(server.url, [author.token, control.token], postsPerSecond, 2, 'warm-up', prng);
    for (let round = 0; round < (options.quick ? 1 : 5); round++) {
      const { first: remote, second: local } = await pacedPosts(
        server.url,
        [author.token, control.token],
        postsPerSecond,
        seconds,
        `round ${round}`,
        prng,
      );
      failures += [...remote, ...local].filter((r) => !r.ok).length;
      all.remote.push(...remote.map((r) => r.ms));
      all.local.push(...local.map((r) => r.ms));
      const p99 = (answers: typeof remote) =>
        quantile(
          answers.map((r) => r.ms),
          0.99,
        );
      rounds.push({ remoteP99Ms: p99(remote), localP99Ms: p99(local) });
    }
    const remoteP99Ms = quantile(all.remote, 0.99);
    const localP99Ms = quantile(all.local, 0.99);
    return {
      database: options.database,
      remoteFollowers,
      servers,
      deliveriesPerPost: timed.map((id) => deliveriesOf(id).length),
      allDeliveredMs,
      allDeliveredMedianMs: median(allDeliveredMs),
      postsPerSecond,
      rounds,
      remoteP99Ms,
      localP99Ms,
      p99Ratio: remoteP99Ms / localP99Ms,
      failures,
    };
  } finally {
    await server.stop();
    await stubs.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dbArg = process.argv[process.argv.indexOf('--db') + 1];
  const result = await measureFederationFanOut({
    database: process.argv.includes('--db') && dbArg === 'postgres' ? 'postgres' : 'sqlite',
    port: Number(process.env.BENCH_PORT ?? 3400),
    quick: process.argv.includes('--quick'),
  });
  console.log(JSON.stringify(result, null, 2));
}

import { spawn } from 'node:child_process';
import crypto, { KeyObject, type webcrypto } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import Database from 'better-sqlite3';
import { openDatabase } from '../../apps/server/src/db/database';
import { nowIso } from '../../apps/server/src/db/time';
import { likerPool, type NetworkSize, sizes } from '../generate/network';
import { Prng } from '../generate/prng';
import { cacheDir, ensureSqliteNetwork } from '../generate/sqlite';
import { cpuMsOf, procStatFields } from '../load/proc-stat';
import { type LoadResult, runLoad } from '../load/run-load';
import { buildScenarios } from '../scenarios/pages';
import { repoRoot, startServer } from '../servers/spotter';
import { printProfileSummary } from '../tools/profile-summary';
import { type StubHosts, startStubHosts } from './federation-stubs';

/**
 * Issue 49's second federation figure: the home feed read by many distinct viewers (the bench's own
 * feed scenario) while the shared inbox takes 200 signed Create(Note) deliveries a second, against the
 * same feed idle: the loaded p99 within 1.5× of the idle one. Idle and loaded runs alternate, in one
 * run; the medians of each are compared.
 *
 * The deliveries come from 20 remote people on 10 stub hosts (federation-stubs.ts: 20 a second from
 * each host, within the 3,000 a minute one host may deliver, decision 096), each signed as Mastodon
 * signs (draft-cavage HTTP Signatures and Digest, Fedify's signRequest) with its RSA key, made once;
 * Spotter fetches each person's actor and key from its stub host over HTTPS. Each remote person is
 * followed by 20 of the feed's viewers, so every Note goes into 20 home timelines. Requests are
 * signed before each loaded run (signing is the sender's work, not the server's).
 *
 * On a copy of the small network's SQLite file. Alone: `npx tsx bench/figures/inbox-load.ts [--quick]`.
 */
export interface InboxLoadResult {
  deliveriesPerSecond: number;
  /** What the sender managed: deliveries sent over the time it took to send them (not to be answered). */
  sentPerSecond: number;
  sent: number;
  /** Deliveries answered 202; the rest by status. */
  accepted: number;
  refused: string;
  /** Remote posts stored when the server stopped (each delivery is a new Note), and messages still queued. */
  stored: number;
  queued: number;
  idle: LoadResult[];
  loaded: LoadResult[];
  idleP99Ms: number;
  loadedP99Ms: number;
  p99Ratio: number;
  /** Before each idle run, how long the queue of received activities took to empty (0 before the first). */
  drainedInSeconds: number[];
}

const jwtSecret = 'bench-only-secret-of-at-least-thirty-two-characters';
const hosts = 10;
const peoplePerHost = 2;
const followersEach = 20;
const deliveriesPerSecond = 200;

interface Sender {
  actor: string;
  keyId: URL;
  privateKey: webcrypto.CryptoKey;
}

/** The people who send: an RSA key each, their actor served by their host. */
async function makeSenders(stubs: StubHosts): Promise<Sender[]> {
  const senders: Sender[] = [];
  for (const host of stubs.hosts) {
    for (let i = 0; i < peoplePerHost; i++) {
      const { privateKey, publicKey } = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
      const actor = `https://${host}/users/sender${i}`;
      stubs.serve(host, `/users/sender${i}`, {
        '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
        id: actor,
        type: 'Person',
        preferredUsername: `sender${i}`,
        name: `Sender ${i}`,
        inbox: `${actor}/inbox`,
        outbox: `${actor}/outbox`,
        followers: `${actor}/followers`,
        endpoints: { sharedInbox: `https://${host}/inbox` },
        publicKey: {
          id: `${actor}#main-key`,
          owner: actor,
          publicKeyPem: KeyObject.from(publicKey).export({ type: 'spki', format: 'pem' }).toString(),
        },
      });
      senders.push({ actor, keyId: new URL(`${actor}#main-key`), privateKey });
    }
  }
  return senders;
}

/** The feed scenario's viewers (scenarios/pages.ts draws them the same way, from the same seed). */
function feedViewers(size: NetworkSize): number[] {
  const pick = new Prng(7);
  return Array.from({ length: 1_000 }, () => likerPool + pick.int(size.users - likerPool));
}

/** The senders as remote people, each followed by `followersEach` of the feed's viewers. */
async function writeSenders(file: string, senders: Sender[], size: NetworkSize) {
  const db = openDatabase({ kind: 'sqlite', file });
  try {
    const viewers = [...new Set(feedViewers(size))];
    const at = nowIso();
    await db.kysely.transaction().execute(async (trx) => {
      for (const [n, sender] of senders.entries()) {
        const url = new URL(sender.actor);
        const name = `${url.pathname.split('/').pop()}@${url.host}`;
        const { id } = await trx
          .insertInto('users')
          .values({
            public_id: crypto.randomUUID(),
            username: name,
            username_key: name.toLowerCase(),
            firstname: name,
            lastname: '',
            password_hash: '',
            bio: '',
            website: '',
            avatar_url: '',
            token_version: 0,
            created_at: at,
            updated_at: at,
            remote: 1,
            actor_uri: sender.actor,
            inbox_url: `${sender.actor}/inbox`,
            shared_inbox_url: `https://${url.host}/inbox`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // The viewers' keys are userKey(u) = u + 1 (generate/network.ts).
        const followers = Array.from(
          { length: followersEach },
          (_, i) => (viewers[(n * followersEach + i) % viewers.length] ?? 0) + 1,
        );
        await trx
          .insertInto('follows')
          .values(followers.map((f) => ({ follower_id: f, followee_id: id, created_at: at })))
          .onConflict((oc) => oc.doNothing())
          .execute();
        await trx.updateTable('users').set({ follower_count: followers.length }).where('id', '=', id).execute();
      }
    });
  } finally {
    await db.close();
  }
}

interface Signed {
  url: string;
  headers: Record<string, string>;
  body: string;
}

let noteCount = 0;

/** `count` Create(Note) deliveries to `inbox`, from the senders in turn, signed now. */
async function signDeliveries(inbox: string, senders: Sender[], count: number): Promise<Signed[]> {
  const signed: Signed[] = [];
  for (let i = 0; i < count; i++) {
    const sender = senders[i % senders.length] as Sender;
    const note = `${sender.actor}/statuses/${++noteCount}-${crypto.randomUUID()}`;
    const published = new Date().toISOString();
    const body = JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${note}/activity`,
      type: 'Create',
      actor: sender.actor,
      published,
      to: ['https://www.w3.org/ns/activitystreams#Public'],
      cc: [`${sender.actor}/followers`],
      object: {
        id: note,
        type: 'Note',
        attributedTo: sender.actor,
        content: `<p>Inbox load ${noteCount}: 5 × 5 squats</p>`,
        published,
        to: ['https://www.w3.org/ns/activitystreams#Public'],
        cc: [`${sender.actor}/followers`],
      },
    });
    const request = await signRequest(
      new Request(inbox, { method: 'POST', headers: { 'content-type': 'application/activity+json' }, body }),
      sender.privateKey,
      sender.keyId,
      { spec: 'draft-cavage-http-signatures-12' },
    );
    signed.push({ url: inbox, headers: Object.fromEntries(request.headers), body });
  }
  return signed;
}

/** Sends `deliveries` at `deliveriesPerSecond` (in tens, every 50 ms) until they run out or `stop()`. */
function sendPaced(deliveries: Signed[], statuses: Map<string, number>) {
  let stopped = false;
  let sent = 0;
  let dispatchedSeconds = 0;
  const started = performance.now();
  const running = (async () => {
    const inFlight: Promise<void>[] = [];
    const batch = deliveriesPerSecond / 20;
    for (let tick = 0; !stopped && sent < deliveries.length; tick++) {
      const wait = started + tick * 50 - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      for (let i = 0; i < batch && sent < deliveries.length; i++) {
        const d = deliveries[sent++] as Signed;
        inFlight.push(
          fetch(d.url, { method: 'POST', headers: d.headers, body: d.body })
            .then(async (res) => {
              await res.arrayBuffer();
              return String(res.status);
            })
            .catch(
              (error: unknown) =>
                `error ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name}`,
            )
            .then((status) => {
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            }),
        );
      }
    }
    dispatchedSeconds = (performance.now() - started) / 1000;
    await Promise.all(inFlight);
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      return { sent, seconds: dispatchedSeconds };
    },
    /** Sends them all, then answers. */
    async finish() {
      await running;
      return { sent, seconds: dispatchedSeconds };
    },
  };
}

interface Sending {
  stop(): Promise<{ sent: number; seconds: number }>;
  finish(): Promise<{ sent: number; seconds: number }>;
}

/**
 * `sendPaced` in a process of its own (this file with `--sender`), so that the sender's work (its
 * fetches, their answers) does not share a core's event loop with autocannon (performance-log.md,
 * "The home feed under 200 signed inbox deliveries a second"). Resolves once it has begun sending.
 */
async function sendPacedInChild(deliveries: Signed[], statuses: Map<string, number>): Promise<Sending> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--sender'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  type Done = { sent: number; seconds: number; statuses: [string, number][] };
  let started = () => {};
  const begun = new Promise<void>((resolve) => {
    started = resolve;
  });
  const done = new Promise<Done>((resolve, reject) => {
    child.on('message', (message: { started?: true; done?: Done }) => {
      if (message.started) started();
      if (message.done) resolve(message.done);
    });
    child.once('exit', (code) => reject(new Error(`the sender stopped (${code})`)));
  });
  child.send({ deliveries });
  await begun;
  const result = async () => {
    const { sent, seconds, statuses: counted } = await done;
    for (const [status, n] of counted) statuses.set(status, (statuses.get(status) ?? 0) + n);
    child.disconnect();
    return { sent, seconds };
  };
  return {
    stop() {
      child.send({ stop: true });
      return result();
    },
    finish: result,
  };
}

/** The child of `sendPacedInChild`: sends what it is given, stops when told, answers its counts. */
function runSender() {
  let sending: ReturnType<typeof sendPaced> | undefined;
  const statuses = new Map<string, number>();
  const answer = async (outcome: Promise<{ sent: number; seconds: number }>) => {
    const { sent, seconds } = await outcome;
    process.send?.({ done: { sent, seconds, statuses: [...statuses] } });
  };
  process.on('message', (message: { deliveries?: Signed[]; stop?: true }) => {
    if (message.deliveries) {
      sending = sendPaced(message.deliveries, statuses);
      process.send?.({ started: true });
      void answer(sending.finish());
    }
    if (message.stop && sending) void sending.stop();
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function measureInboxLoad(options: {
  port: number;
  settings: { connections: number; seconds: number; warmupSeconds: number };
  rounds: number;
  /** The small network's SQLite file (built if absent). */
  networkFile?: string;
}): Promise<InboxLoadResult> {
  const size = sizes.small;
  return withInboxServer(options, async ({ server, file, origin, senders }) => {
    const feed = (await buildScenarios(size, jwtSecret)).feed;
    const load = () => runLoad({ url: server.url, pid: server.pid, requests: feed, ...options.settings });
    const statuses = new Map<string, number>();
    // Each sender's first delivery: Spotter fetches its actor and key once, as it would on first contact.
    const first = await signDeliveries(`${origin}/ap/inbox`, senders, senders.length);
    await sendPaced(first, new Map()).finish();
    // The copied file is read from disk at first: one idle run thrown away.
    await load();
    const idle: LoadResult[] = [];
    const loaded: LoadResult[] = [];
    let sent = 0;
    let sendingSeconds = 0;
    const perRun = deliveriesPerSecond * (options.settings.warmupSeconds + options.settings.seconds + 2);
    const drainedInSeconds: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      // Idle means idle: the previous round's backlog of received activities is handled first (with
      // nobody reading, at full speed), or the idle run would read the feed under that work.
      drainedInSeconds.push(await untilInboxIsEmpty(file));
      idle.push(await load());
      const deliveries = await signDeliveries(`${origin}/ap/inbox`, senders, perRun);
      const sending = await sendPacedInChild(deliveries, statuses);
      // One second of deliveries first, so the feed is read under the inbox's load from its start.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      loaded.push(await load());
      const done = await sending.stop();
      sent += done.sent;
      sendingSeconds += done.seconds;
    }
    await server.stop();
    const { stored, queued } = await whatWasStored(file);
    // A run the feed answered nothing in waited longer than the run: its p99 is unbounded, not 0.
    const p99 = (r: LoadResult) => (r.requests - r.failures > 0 ? r.p99Ms : Number.POSITIVE_INFINITY);
    const idleP99Ms = median(idle.map(p99));
    const loadedP99Ms = median(loaded.map(p99));
    return {
      deliveriesPerSecond,
      sentPerSecond: sent / sendingSeconds,
      sent,
      accepted: statuses.get('202') ?? 0,
      refused: [...statuses]
        .filter(([status]) => status !== '202')
        .map(([status, n]) => `${status} ×${n}`)
        .join(', '),
      stored,
      queued,
      idle,
      loaded,
      idleP99Ms,
      loadedP99Ms,
      p99Ratio: loadedP99Ms / idleP99Ms,
      drainedInSeconds,
    };
  });
}

/** Waits until the server's queue of received activities is empty; how long that took, in seconds. */
async function untilInboxIsEmpty(file: string, limitSeconds = 300): Promise<number> {
  const started = performance.now();
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = db.prepare("select count(*) as n from federation_messages where queue = 'inbox'");
    for (;;) {
      const { n } = count.get() as { n: number };
      const seconds = (performance.now() - started) / 1000;
      if (n === 0) return Math.round(seconds * 10) / 10;
      if (seconds > limitSeconds) throw new Error(`${n} received activities still queued after ${limitSeconds} s`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    db.close();
  }
}

interface InboxServer {
  server: Awaited<ReturnType<typeof startServer>>;
  /** The server's SQLite file, to read what it stored. */
  file: string;
  origin: string;
  senders: Sender[];
}

/**
 * A federating server on a copy of the small network with the remote senders written in, and the
 * stub hosts that serve their actors, for `use`; all stopped and removed after it.
 */
async function withInboxServer<T>(
  options: { port: number; networkFile?: string; nodeFlags?: string[] },
  use: (setup: InboxServer) => Promise<T>,
): Promise<T> {
  const size = sizes.small;
  const networkFile = options.networkFile ?? (await ensureSqliteNetwork(size));
  const stubs = await startStubHosts(hosts);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-bench-inbox-'));
  const file = path.join(dataDir, 'spotter.db');
  fs.copyFileSync(networkFile, file);
  const origin = `http://127.0.0.1:${options.port}`;
  try {
    const senders = await makeSenders(stubs);
    await writeSenders(file, senders, size);
    const server = await startServer({
      port: options.port,
      dataDir,
      jwtSecret,
      env: {
        PUBLIC_URL: origin,
        FEDERATION: 'true',
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
        NODE_EXTRA_CA_CERTS: stubs.certificates.caFile,
      },
      nodeFlags: options.nodeFlags ?? [],
    });
    try {
      return await use({ server, file, origin, senders });
    } finally {
      await server.stop();
    }
  } finally {
    await stubs.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function whatWasStored(file: string): Promise<{ stored: number; queued: number }> {
  const db = openDatabase({ kind: 'sqlite', file });
  try {
    const posts = await db.kysely
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('users.remote', '=', 1)
      .executeTakeFirstOrThrow();
    const messages = await db.kysely
      .selectFrom('federation_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { stored: Number(posts.n), queued: Number(messages.n) };
  } finally {
    await db.close();
  }
}

/**
 * Where the server's CPU goes under the sender alone (no feed): `seconds` of deliveries at 200 a
 * second, then `drainSeconds` more for the queue, the server's CPU (/proc) and the stored posts read
 * at each end. While the deliveries arrive the server answers them (the inbox's HTTP path) and works
 * its queue; after, the queue alone: its CPU over the posts it stored then is a queued Create's cost,
 * and what is left of the first window over the deliveries answered is the HTTP path's.
 * `npx tsx bench/figures/inbox-load.ts --profile [seconds] [--cpu-prof]`; with `--cpu-prof` the
 * server's main thread is also profiled (kept in bench/.cache/profiles/) and summed.
 */
export async function profileInboxLoad(options: {
  port: number;
  seconds: number;
  drainSeconds: number;
  cpuProf: boolean;
}) {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spotter-bench-inbox-profiles-'));
  const nodeFlags = options.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  try {
    await withInboxServer({ port: options.port, nodeFlags }, async ({ server, file, origin, senders }) => {
      const statuses = new Map<string, number>();
      const reader = new Database(file, { readonly: true });
      const storedNow = () =>
        Number(
          (
            reader
              .prepare(
                'select count(*) as n from posts join users on users.id = posts.author_id where users.remote = 1',
              )
              .get() as { n: number }
          ).n,
        );
      const cpuNow = () => cpuMsOf(procStatFields(server.pid) ?? []);
      try {
        await sendPaced(await signDeliveries(`${origin}/ap/inbox`, senders, senders.length), new Map()).finish();
        const deliveries = await signDeliveries(`${origin}/ap/inbox`, senders, deliveriesPerSecond * options.seconds);
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const at0 = { cpu: cpuNow(), stored: storedNow(), t: performance.now() };
        const done = await sendPaced(deliveries, statuses).finish();
        const at1 = { cpu: cpuNow(), stored: storedNow(), t: performance.now() };
        await new Promise((resolve) => setTimeout(resolve, options.drainSeconds * 1000));
        const at2 = { cpu: cpuNow(), stored: storedNow(), t: performance.now() };
        const accepted = statuses.get('202') ?? 0;
        const queuedCreateMs = (at2.cpu - at1.cpu) / Math.max(1, at2.stored - at1.stored);
        const httpMs = (at1.cpu - at0.cpu - queuedCreateMs * (at1.stored - at0.stored)) / Math.max(1, accepted);
        console.log(
          [
            `sent ${done.sent} at ${Math.round(done.sent / done.seconds)}/s: ${[...statuses].map(([s, n]) => `${s} ×${n}`).join(', ')}`,
            `while sending (${((at1.t - at0.t) / 1000).toFixed(1)} s): server CPU ${at1.cpu - at0.cpu} ms, ${at1.stored - at0.stored} stored`,
            `after (${((at2.t - at1.t) / 1000).toFixed(1)} s): server CPU ${at2.cpu - at1.cpu} ms, ${at2.stored - at1.stored} stored`,
            // Split only when the queue was left a backlog to work alone after: else the second
            // window is idle, and its few Creates say nothing of what one costs.
            at2.stored - at1.stored >= 100
              ? `a queued Create: ${queuedCreateMs.toFixed(1)} ms of CPU; a delivery to its 202: ${httpMs.toFixed(1)} ms`
              : `the queue kept up while sending: a delivery and its Create together ${((at1.cpu - at0.cpu) / Math.max(1, accepted)).toFixed(1)} ms of CPU`,
          ].join('\n'),
        );
      } finally {
        reader.close();
      }
    });
    if (!options.cpuProf) return;
    const written = fs
      .readdirSync(profileDir)
      .map((name) => path.join(profileDir, name))
      .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
    if (!written[0]) throw new Error('the server wrote no profile');
    printProfileSummary(written[0], 45);
    const kept = path.join(cacheDir, 'profiles', `inbox-${Date.now()}.cpuprofile`);
    fs.mkdirSync(path.dirname(kept), { recursive: true });
    fs.copyFileSync(written[0], kept);
    console.log(`\n${kept}`);
  } finally {
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename && process.argv.includes('--sender')) {
  runSender();
} else if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === import.meta.filename &&
  process.argv.includes('--profile')
) {
  const at = process.argv.indexOf('--profile');
  await profileInboxLoad({
    port: Number(process.env.BENCH_PORT ?? 3400),
    seconds: Number(process.argv[at + 1] ?? 10) || 10,
    drainSeconds: 8,
    cpuProf: process.argv.includes('--cpu-prof'),
  });
} else if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const quick = process.argv.includes('--quick');
  const result = await measureInboxLoad({
    port: Number(process.env.BENCH_PORT ?? 3400),
    settings: quick
      ? { connections: 50, seconds: 3, warmupSeconds: 1 }
      : { connections: 50, seconds: 10, warmupSeconds: 3 },
    rounds: quick ? 2 : 3,
  });
  console.log(JSON.stringify(result, null, 2));
}

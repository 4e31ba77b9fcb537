import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { measureFanout } from './figures/fan-out';
import { type FederationResults, federationTargets, runFederationFigures } from './figures/federation';
import { runMediaBench } from './figures/media';
import { measureNotificationStreams, type StreamsResult } from './figures/notification-streams';
import { runOutboxSyncBench } from './figures/outbox-sync';
import { runWebBench } from './figures/web';
import { ensureWebBuild } from './figures/web-build';
import { benchPassword, likerPool, type NetworkSize, sizes, userId, username } from './generate/network';
import { ensurePostgresNetwork } from './generate/postgres';
import { cacheDir, ensureSqliteNetwork } from './generate/sqlite';
import { type LoadResult, runLoad } from './load/run-load';
import { judge, type Target } from './report/judge';
import { type DatabaseRun, type FeedGrowth, markdown, type Results } from './report/tables';
import {
  conversationTrainingTargets,
  putBackPostgresTraining,
  runConversationTraining,
} from './scenarios/conversation-and-training';
import { growthFeed } from './scenarios/feed-growth';
import { buildScenarios, pageSize, type ScenarioName, scenarioTitles } from './scenarios/pages';
import { putBackPostgres } from './scenarios/put-back-postgres';
import { type Child, startChild, startServer } from './servers/spotter';

/**
 * `npm run bench`: builds (or reuses) the generated networks, starts Spotter's server on each as its
 * own process, loads it with autocannon scenario after scenario, measures the bare node:http ceiling
 * on the same machine, and reports against the targets of issue 13 (and those of issue 5 that still hold).
 * `npm run bench -- --quick`: the small network only, shorter runs.
 */
const quick = process.argv.includes('--quick');
const settings = quick
  ? { quick, connections: 50, seconds: 3, warmupSeconds: 1 }
  : { quick, connections: 50, seconds: 10, warmupSeconds: 3 };
const basePort = Number(process.env.BENCH_PORT ?? 3400);
/** Several checkouts on one PostgreSQL each keep their own generated databases. */
const benchDatabase = process.env.BENCH_DATABASE ?? 'spotter_bench';
const jwtSecret = 'bench-only-secret-of-at-least-thirty-two-characters';
const runDir = path.join(cacheDir, 'run');
const resultsDir = path.join(import.meta.dirname, 'results');
const apiScenarios: ScenarioName[] = [
  'feed',
  'clientHome',
  'explore',
  'profile',
  'likeUnlike',
  'search',
  'mixed',
  'login',
];
const notes: string[] = [];

function machine() {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpus: cpus.length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.versions.node,
    os: `${os.type()} ${os.release()}`,
    loadAverageAtStart: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
  };
}

const load = (target: { url: string; pid: number }, requests: Parameters<typeof runLoad>[0]['requests']) =>
  runLoad({ url: target.url, pid: target.pid, requests, ...settings });

function emptyDir(name: string): string {
  const dir = path.join(runDir, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Each run starts from the generated network as built, never from what an earlier run changed. */
function freshSqliteCopy(file: string, name: string): string {
  const dir = emptyDir(name);
  fs.copyFileSync(file, path.join(dir, 'spotter.db'));
  return dir;
}

/** Runs the API scenarios on one database; returns the results and a real feed page body. */
async function runDatabase(
  database: 'sqlite' | 'postgres',
  size: NetworkSize,
  server: Child,
  scenarios: ScenarioName[],
  afterApi?: (server: Child) => Promise<void>,
): Promise<{ run: DatabaseRun; feedBody: string }> {
  const requests = await buildScenarios(size, jwtSecret);
  const feedBody = await fullFeedPage(server, size);
  const run: DatabaseRun = {
    database,
    dataset: size.name,
    scenarios: {},
    peakRssMb: { beforeLogin: 0, overall: 0 },
  };
  for (const name of scenarios) {
    if (name === 'login') run.peakRssMb.beforeLogin = server.peakRssMb();
    process.stdout.write(`  ${database} ${size.name}: ${scenarioTitles[name]} ... `);
    // Fifty logins queue for seconds behind argon2id: a short window would end before the first answers.
    const result =
      name === 'login'
        ? await runLoad({
            ...settings,
            url: server.url,
            pid: server.pid,
            requests: requests[name],
            seconds: Math.max(settings.seconds, 10),
          })
        : await load(server, requests[name]);
    run.scenarios[name] = { ...result, peakRssMb: server.peakRssMb() };
    console.log(
      `${Math.round(result.reqPerSec)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ` +
        `${result.cpuMsPerRequest?.toFixed(2)} ms CPU/request` +
        (result.failures ? `, ${result.failures} FAILURES` : ''),
    );
    if (result.failures) notes.push(`${database} ${scenarioTitles[name]}: ${result.failures} answers were not 2xx.`);
  }
  if (!scenarios.includes('login')) run.peakRssMb.beforeLogin = server.peakRssMb();
  await afterApi?.(server);
  run.peakRssMb.overall = server.peakRssMb();
  // Issues 14 and 15's scenarios come after the peak RSS of the page scenarios is taken (each row has its own).
  run.more = await runConversationTraining({
    label: database,
    size,
    server,
    jwtSecret,
    notes,
    load: (r) => load(server, r),
  });
  return { run, feedBody };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The feed's growth from 10,000 to 1,000,000 posts: both servers run at once and the feed is loaded on
 * one, then the other, three times over; medians of each. On a shared machine two runs minutes apart
 * differ more than the two networks do. Both are read by the same viewers, whose pages are whole on
 * both networks (scenarios/feed-growth.ts): the same page, on a network 100 times larger.
 */
async function measureFeedGrowth(full: Child, smallFile: string): Promise<FeedGrowth> {
  const dir = freshSqliteCopy(smallFile, 'sqlite-small');
  const small = await startServer({ port: basePort + 2, dataDir: dir, jwtSecret });
  try {
    // The same viewers, each with a whole page on both networks.
    const feed = await growthFeed(smallFile, jwtSecret);
    const requests = { small: feed, full: feed };
    const rounds: { small: LoadResult[]; full: LoadResult[] } = { small: [], full: [] };
    for (let round = 1; round <= 3; round++) {
      for (const which of ['small', 'full'] as const) {
        process.stdout.write(`  feed growth, round ${round}: ${which} network ... `);
        const result = await load(which === 'small' ? small : full, requests[which]);
        rounds[which].push(result);
        console.log(`p50 ${result.p50ExactMs.toFixed(2)} ms, ${result.cpuMsPerRequest?.toFixed(2)} ms CPU/request`);
      }
    }
    const p50 = (which: 'small' | 'full') => median(rounds[which].map((r) => r.p50ExactMs));
    const cpu = (which: 'small' | 'full') => median(rounds[which].map((r) => r.cpuMsPerRequest ?? Number.NaN));
    return {
      smallP50Ms: p50('small'),
      fullP50Ms: p50('full'),
      p50Ratio: p50('full') / p50('small'),
      smallCpuMs: cpu('small'),
      fullCpuMs: cpu('full'),
      cpuRatio: cpu('full') / cpu('small'),
      rounds,
    };
  } finally {
    await small.stop();
  }
}

/** A real home feed page of `pageSize` posts, as JSON: the body the ceiling server answers. */
async function fullFeedPage(server: Child, size: NetworkSize): Promise<string> {
  const { createTokens } = await import('../apps/server/src/auth/tokens');
  const tokens = createTokens(new TextEncoder().encode(jwtSecret), 3600);
  for (let u = likerPool; u < size.users; u++) {
    const token = await tokens.sign({ _id: userId(u), username: username(u), ver: 0 });
    const res = await fetch(`${server.url}/api/feed?limit=${pageSize}`, { headers: { authorization: token } });
    const body = await res.text();
    if (!res.ok) throw new Error(`the feed answered ${res.status}: ${body.slice(0, 200)}`);
    if ((JSON.parse(body) as { posts: unknown[] }).posts.length === pageSize) return body;
  }
  throw new Error(`nobody has ${pageSize} posts in their feed`);
}

async function ceiling(body: string, port: number): Promise<LoadResult> {
  const file = path.join(runDir, 'feed-page.json');
  fs.writeFileSync(file, body);
  const { handle } = await startChild(
    path.join(import.meta.dirname, 'servers/ceiling.ts'),
    [file, String(port)],
    {},
    `http://127.0.0.1:${port}/`,
  );
  try {
    process.stdout.write(`  ceiling: bare node:http, ${Buffer.byteLength(body)} B ... `);
    const result = await load(handle, [{ method: 'GET', path: '/' }]);
    console.log(`${Math.round(result.reqPerSec)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`);
    return result;
  } finally {
    await handle.stop();
  }
}

async function media(): Promise<Results['media']> {
  process.stdout.write('  12 MP photo cleaned, and 1 MB photo uploads per second ... ');
  try {
    const result = await runMediaBench();
    console.log(`${result.jpeg12mpMs} ms, ${result.uploadsPerSecond1mb}/s`);
    return result;
  } catch (error) {
    const reason = `the media benchmark failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    console.log(reason);
    notes.push(reason);
    return { skipped: reason };
  }
}

async function main() {
  const started = machine();
  console.log(
    `Spotter benchmark${quick ? ' (--quick)' : ''}: ${started.cpus} × ${started.cpuModel}, load ${started.loadAverageAtStart}`,
  );
  fs.mkdirSync(runDir, { recursive: true });
  const main = quick ? sizes.small : sizes.full;

  const sqliteMain = await ensureSqliteNetwork(main);
  const sqliteSmall = quick ? undefined : await ensureSqliteNetwork(sizes.small);
  const postgresMain = await ensurePostgresNetwork(main, quick ? `${benchDatabase}_small` : benchDatabase);

  const runs: DatabaseRun[] = [];
  let web: Results['web'] = { skipped: 'not run' };

  console.log('Load:');
  const sqliteDir = freshSqliteCopy(sqliteMain, 'sqlite');
  const sqliteServer = await startServer({ port: basePort, dataDir: sqliteDir, jwtSecret });
  let feedBody = '';
  let feedGrowth: FeedGrowth | null = null;
  try {
    if (sqliteSmall) feedGrowth = await measureFeedGrowth(sqliteServer, sqliteSmall);
    const result = await runDatabase('sqlite', main, sqliteServer, apiScenarios, async (server) => {
      web = await webBench(server);
    });
    runs.push(result.run);
    feedBody = result.feedBody;
  } finally {
    await sqliteServer.stop();
  }

  const ceilings = [await ceiling(feedBody, basePort + 1)];

  const pgServer = await startServer({
    port: basePort,
    dataDir: emptyDir('postgres'),
    postgresUrl: postgresMain,
    jwtSecret,
  });
  try {
    runs.push((await runDatabase('postgres', main, pgServer, apiScenarios)).run);
  } finally {
    await pgServer.stop();
  }
  // Undo what the scenarios wrote so that the next run starts from the same data.
  await putBackPostgresTraining(postgresMain);
  const putBack = await putBackPostgres(postgresMain, main);
  console.log(
    `  postgres: put back as generated (${putBack.likes} likes taken back, ${putBack.posts} posts deleted, ` +
      `${putBack.unfollowed} follows undone, ${putBack.followed} made again)`,
  );

  // The machine is shared: the ceiling is measured again at the end and the higher one is kept.
  ceilings.push(await ceiling(feedBody, basePort + 1));

  console.log('Media:');
  const mediaResult = await media();

  process.stdout.write('Fan-out of one post to about 1,000 followers (SQLite, in process) ... ');
  const fanout = await measureFanout(sqliteMain).catch((error: unknown) => {
    notes.push(`fan-out: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  console.log(
    fanout ? `${fanout.medianMs} ms to ${fanout.followers} followers (runs ${fanout.runsMs.join(', ')})` : 'failed',
  );

  process.stdout.write('Notification streams held by one server (SQLite) ... ');
  const streams = await measureNotificationStreams(quick ? 100 : 1000).catch((error: unknown) => {
    notes.push(`notification streams: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  });
  console.log(
    streams
      ? `${streams.streams} streams, RSS ${streams.rssBeforeMb} → ${streams.rssWithStreamsMb} MB, like → event ${streams.likeToEventMs} ms`
      : 'failed',
  );

  // Issue 49's: its own servers, after every other (the small network serves the inbox figure's feed).
  const federation = await runFederationFigures({
    quick,
    port: basePort,
    settings,
    smallNetwork: sqliteSmall ?? sqliteMain,
    notes,
  });

  const results = assemble(
    started,
    main,
    ceilings,
    feedBody,
    runs,
    feedGrowth,
    web,
    mediaResult,
    fanout,
    streams,
    federation,
  );
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${markdown(results, scenarioTitles)}\n\nWritten to bench/results/latest.json.`);
}

async function webBench(server: Child): Promise<Results['web']> {
  const built = await ensureWebBuild();
  if (!built.ok) {
    notes.push(`web: ${built.reason}`);
    console.log(`  web: skipped (${built.reason})`);
    return { skipped: built.reason };
  }
  try {
    process.stdout.write('  web: first post visible on /landing ... ');
    const u = likerPool + 1;
    const result = await runWebBench({
      baseUrl: server.url,
      username: username(u),
      password: benchPassword,
      runs: quick ? 3 : 5,
    });
    console.log(
      `${Math.round(result.firstPostMs)} ms, ${result.jsTransferBytes} B of JavaScript; repeat visit from the precache ${Math.round(result.repeatVisitMs)} ms`,
    );
    process.stdout.write('  web: 20 workouts saved offline, synced when the connection returns ... ');
    const outbox = await runOutboxSyncBench({
      baseUrl: server.url,
      username: username(u + 1),
      password: benchPassword,
      workouts: 20,
    });
    console.log(`${outbox.syncMs} ms, ${outbox.stored} of ${outbox.workouts} stored`);
    if (outbox.stored !== outbox.workouts)
      notes.push(`outbox: ${outbox.stored} workouts stored for ${outbox.workouts} sent`);
    return { ...result, outboxSyncMs: outbox.syncMs, outboxStored: outbox.stored, outboxWorkouts: outbox.workouts };
  } catch (error) {
    const reason = `the web benchmark failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    console.log(reason);
    notes.push(`web: ${reason}`);
    return { skipped: reason };
  }
}

function assemble(
  started: ReturnType<typeof machine>,
  main: NetworkSize,
  ceilings: LoadResult[],
  feedBody: string,
  runs: DatabaseRun[],
  feedGrowth: FeedGrowth | null,
  web: Results['web'],
  mediaResult: Results['media'],
  fanout: Awaited<ReturnType<typeof measureFanout>> | null,
  streams: StreamsResult | null,
  federation: FederationResults,
): Results {
  const ceilingRps = Math.max(...ceilings.map((c) => c.reqPerSec));
  const sqlite = runs.find((r) => r.database === 'sqlite' && r.dataset === main.name);
  const feed = sqlite?.scenarios.feed;
  if (!feedGrowth) notes.push('The growth of the feed p50 from 10k to 1M posts needs the full run (without --quick).');
  const webResult = 'firstPostMs' in web ? (web.firstPostMs as number) : null;
  const repeatVisit = 'repeatVisitMs' in web ? (web.repeatVisitMs as number) : null;
  // Judged only when every workout was stored exactly once: a fast sync that lost or doubled one fails.
  const outboxSync =
    'outboxSyncMs' in web && web.outboxStored === web.outboxWorkouts ? (web.outboxSyncMs as number) : null;
  const postgres = runs.find((r) => r.database === 'postgres' && r.dataset === main.name);
  const cpuOf = (run: DatabaseRun | undefined, name: ScenarioName) => run?.scenarios[name]?.cpuMsPerRequest ?? null;
  const pgFeedCpu = cpuOf(postgres, 'feed');
  const sqliteFeedCpu = cpuOf(sqlite, 'feed');
  // Issue 13's targets, in its order; then the earlier ones that still hold.
  const targets: Target[] = [
    judge('home feed server CPU per request', cpuOf(sqlite, 'feed'), 0.25, 'max', 'ms', 2),
    judge(
      'home feed page req/s vs the bare node:http ceiling',
      feed ? (feed.reqPerSec / ceilingRps) * 100 : null,
      20,
      'min',
      '%',
    ),
    judge('home feed page p99', feed?.p99Ms ?? null, 25, 'max', 'ms', 0),
    judge('explore page server CPU per request', cpuOf(sqlite, 'explore'), 0.2, 'max', 'ms', 2),
    judge('profile page server CPU per request', cpuOf(sqlite, 'profile'), 0.2, 'max', 'ms', 2),
    judge(
      'tag page server CPU per request',
      sqlite?.more?.scenarios.tagPage?.cpuMsPerRequest ?? null,
      0.2,
      'max',
      'ms',
      2,
    ),
    judge('like+unlike p99', sqlite?.scenarios.likeUnlike?.p99Ms ?? null, 25, 'max', 'ms', 0),
    judge('growth of feed p50 from 10k to 1M posts', feedGrowth?.p50Ratio ?? null, 1.1, 'max', '×'),
    judge('fan-out of a post to 1,000 followers, finished', fanout?.medianMs ?? null, 200, 'max', 'ms', 0),
    judge('server peak RSS under load (login included)', sqlite?.peakRssMb.overall ?? null, 250, 'max', 'MB', 0),
    judge(
      'PostgreSQL run: server CPU per feed request ÷ SQLite run',
      pgFeedCpu !== null && sqliteFeedCpu ? pgFeedCpu / sqliteFeedCpu : null,
      2,
      'max',
      '×',
    ),
    judge('search p99', sqlite?.scenarios.search?.p99Ms ?? null, 25, 'max', 'ms', 0),
    // Issue 50's: the client API's home timeline costs at most 1.3 times the feed's CPU, on both engines.
    ...(['sqlite', 'postgres'] as const).map((engine) => {
      const run = engine === 'sqlite' ? sqlite : postgres;
      const feedCpu = cpuOf(run, 'feed');
      const clientCpu = cpuOf(run, 'clientHome');
      return judge(
        `${engine}: client API home timeline server CPU ÷ home feed's`,
        feedCpu && clientCpu !== null ? clientCpu / feedCpu : null,
        1.3,
        'max',
        '×',
      );
    }),
    judge('first post visible on /landing (localhost, 1M posts)', webResult, 1000, 'max', 'ms', 0),
    judge('repeat visit: first post visible on /landing from the precache', repeatVisit, 300, 'max', 'ms', 0),
    judge('20 workouts saved offline, all stored once the connection returns', outboxSync, 5000, 'max', 'ms', 0),
    // Issue 14's: the server's RSS growth while it holds 1,000 notification streams (fewer with --quick).
    judge(
      `RSS growth holding ${streams?.streams.toLocaleString('en') ?? '1,000'} notification streams`,
      streams?.growthMb ?? null,
      50,
      'max',
      'MB',
      0,
    ),
    ...conversationTrainingTargets(runs),
    ...federationTargets(federation, notes),
  ];
  return {
    date: new Date().toISOString(),
    machine: {
      ...started,
      loadAverageAtEnd: os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    },
    settings,
    datasets: Object.fromEntries([main, ...(quick ? [] : [sizes.small])].map((s) => [s.name, s])),
    ceiling: { bodyBytes: Buffer.byteLength(feedBody), runs: ceilings, reqPerSec: ceilingRps },
    runs,
    feedGrowth,
    web,
    media: mediaResult,
    streams,
    federation,
    targets,
    notes,
  };
}

/** `npm run bench -- --report`: prints the tables of the last run again (after a change of the report). */
function reprint() {
  const results = JSON.parse(fs.readFileSync(path.join(resultsDir, 'latest.json'), 'utf8')) as Results;
  results.targets = results.targets.map((t) => ({ ...t, ...rejudge(t) }));
  console.log(markdown(results, scenarioTitles));
}

/** A target judged again from its stored figure and bound (the wording of margins may have changed). */
function rejudge(t: Target): Target {
  const bound = Number.parseFloat(t.target.replace(/[^\d.]/g, ''));
  const value = Number.parseFloat(t.measured.replace(/,/g, ''));
  if (Number.isNaN(value)) return t;
  const unit = t.target.endsWith('×') ? '×' : (t.target.split(' ').pop() ?? '');
  return judge(
    t.figure,
    value,
    bound,
    t.target.startsWith('≥') ? 'min' : 'max',
    unit,
    unit === '%' ? 1 : bound < 1 ? 2 : 0,
  );
}

await (process.argv.includes('--report') ? Promise.resolve(reprint()) : main()).catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

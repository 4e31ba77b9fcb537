import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sizes } from '../generate/network';
import { ensurePostgresNetwork } from '../generate/postgres';
import { cacheDir, ensureSqliteNetwork } from '../generate/sqlite';
import { runLoad } from '../load/run-load';
import {
  type ConversationTrainingResults,
  conversationTrainingRows,
  conversationTrainingTargets,
  putBackPostgresTraining,
  runConversationTraining,
} from '../scenarios/conversation-and-training';
import { startServer } from '../servers/spotter';

/**
 * `npx tsx bench/tools/run-conversation-and-training.ts [--db sqlite|postgres] [--quick] [--small]`: only the scenarios of
 * issues 14 and 15 (scenarios/conversation-and-training.ts) on the full network, with `npm run bench`'s settings,
 * without the rest of the run. `npm run bench` runs them too, after the page scenarios of each
 * database. `--small` runs them on the small network (10,000 posts; the same trainees with the same
 * two years of workouts), which builds many times faster than the full one: the
 * training calls cost what one person's history costs, not what the network's size does.
 */
const quick = process.argv.includes('--quick');
const small = process.argv.includes('--small');
const dbArg = process.argv[process.argv.indexOf('--db') + 1];
const databases: string[] = process.argv.includes('--db') && dbArg ? [dbArg] : ['sqlite', 'postgres'];
const settings = quick
  ? { connections: 50, seconds: 3, warmupSeconds: 1 }
  : { connections: 50, seconds: 10, warmupSeconds: 3 };
const port = Number(process.env.BENCH_PORT ?? 3400);
// The small network's default database is `npm run bench -- --quick`'s; BENCH_DATABASE names either.
const benchDatabase = process.env.BENCH_DATABASE ?? (small ? 'spotter_bench_small' : 'spotter_bench');
const jwtSecret = 'bench-only-secret-of-at-least-thirty-two-characters';

async function main() {
  const size = small ? sizes.small : sizes.full;
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`Issues 14 and 15 scenarios, ${os.cpus().length} cores, load ${load()}`);
  const runs: { database: string; more?: ConversationTrainingResults; loadStart: string; loadEnd: string }[] = [];
  const notes: string[] = [];
  for (const database of databases) {
    const dataDir = path.join(cacheDir, 'run', `conversation-and-training-${database}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    let postgresUrl: string | undefined;
    if (database === 'sqlite') fs.copyFileSync(await ensureSqliteNetwork(size), path.join(dataDir, 'spotter.db'));
    else postgresUrl = await ensurePostgresNetwork(size, benchDatabase);
    const server = await startServer({ port, dataDir, jwtSecret, ...(postgresUrl ? { postgresUrl } : {}) });
    const loadStart = load();
    try {
      const more = await runConversationTraining({
        label: database,
        size,
        server,
        jwtSecret,
        notes,
        load: (requests) => runLoad({ url: server.url, pid: server.pid, requests, ...settings }),
      });
      runs.push({ database, more, loadStart, loadEnd: load() });
    } finally {
      await server.stop();
      if (postgresUrl) await putBackPostgresTraining(postgresUrl);
    }
  }
  const resultsDir = path.join(import.meta.dirname, '../results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'conversation-and-training.json'),
    `${JSON.stringify({ date: new Date().toISOString(), settings, runs, notes }, null, 2)}\n`,
  );
  console.log(
    '\n| scenario | database | req/s | p50 | p99 | vs ceiling | server CPU per request | failures | server peak RSS |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  // No ceiling is measured here: the column is left to `npm run bench`.
  for (const run of runs)
    for (const row of conversationTrainingRows(`${run.database} (${size.name})`, run.more, Number.NaN))
      console.log(row);
  console.log('\n| figure | target | measured | result |\n|---|---|---|---|');
  for (const t of conversationTrainingTargets(runs)) {
    console.log(
      `| ${t.figure} | ${t.target} | ${t.measured} | ${t.pass === null ? 'not measured' : t.pass ? 'pass' : 'MISS'}${t.margin ? ` (${t.margin})` : ''} |`,
    );
  }
  for (const run of runs) console.log(`${run.database}: load average ${run.loadStart} at start, ${run.loadEnd} at end`);
  for (const note of notes) console.log(`- ${note}`);
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runOutboxSyncBench } from '../figures/outbox-sync';
import { runWebBench } from '../figures/web';
import { ensureWebBuild } from '../figures/web-build';
import { benchPassword, likerPool, sizes, username } from '../generate/network';
import { cacheDir, ensureSqliteNetwork } from '../generate/sqlite';
import { startServer } from '../servers/spotter';

/**
 * `npx tsx bench/tools/run-web.ts [--full] [--runs N]`: only issue 48's figures of `npm run bench` (the
 * first post on /landing, the repeat visit from the precache, 20 workouts synced from the outbox), on a
 * copy of the small SQLite network (`--full`: the full one), without the rest of the run. The page's
 * cost is the client's and one feed page's, not the network's size, so the small network serves to
 * re-take them quickly; `npm run bench` takes them on the full one.
 */
const full = process.argv.includes('--full');
const runsArg = process.argv[process.argv.indexOf('--runs') + 1];
const runs = process.argv.includes('--runs') && runsArg ? Number(runsArg) : 5;
const port = Number(process.env.BENCH_PORT ?? 3400);

async function main() {
  const built = await ensureWebBuild();
  if (!built.ok) throw new Error(built.reason);
  const size = full ? sizes.full : sizes.small;
  const network = await ensureSqliteNetwork(size);
  const dataDir = path.join(cacheDir, 'run', 'web');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(network, path.join(dataDir, 'spotter.db'));
  console.log(
    `${size.name} network on SQLite, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const server = await startServer({
    port,
    dataDir,
    jwtSecret: 'bench-only-secret-of-at-least-thirty-two-characters',
  });
  try {
    const u = likerPool + 1;
    const web = await runWebBench({ baseUrl: server.url, username: username(u), password: benchPassword, runs });
    console.log(
      `first post on /landing: median ${Math.round(web.firstPostMs)} ms (runs ${web.firstPostRunsMs.map(Math.round).join(', ')})`,
    );
    console.log(
      `repeat visit from the precache: median ${Math.round(web.repeatVisitMs)} ms (runs ${web.repeatVisitRunsMs.map(Math.round).join(', ')}), target ≤ 300 ms`,
    );
    console.log(`JavaScript: ${web.jsTransferBytes} B sent in ${web.jsFiles} files`);
    const outbox = await runOutboxSyncBench({
      baseUrl: server.url,
      username: username(u + 1),
      password: benchPassword,
      workouts: 20,
    });
    console.log(
      `20 workouts synced from the outbox: ${outbox.syncMs} ms (first send after ${outbox.firstSendMs} ms, ` +
        `POST median ${outbox.postMedianMs} ms), ${outbox.stored} of ${outbox.workouts} stored, target < 5,000 ms`,
    );
    console.log(
      `load at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await server.stop();
  }
}

await main();

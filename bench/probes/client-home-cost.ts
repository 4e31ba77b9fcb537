import { buildApp } from '../../apps/server/src/app';
import { createTokens } from '../../apps/server/src/auth/tokens';
import { envToConfig, readEnv } from '../../apps/server/src/config';
import { userId, username } from '../generate/network';

/**
 * The server CPU of the home page through Spotter's API and through the Mastodon client API (issue
 * 50), in process (inject, no sockets), on a copy of a generated network's SQLite file in DATA_DIR:
 *
 *   DATA_DIR=/tmp/x npx tsx bench/probes/client-home-cost.ts   (with /tmp/x/spotter.db)
 *
 * 1,000 viewers, each page read once to warm, then three rounds; medians. Steadier than the load test
 * on a shared machine, for seeing where the client API's page costs more than the feed's.
 */
const secret = 'bench-only-secret-of-at-least-thirty-two-characters';
const config = envToConfig(
  readEnv({ ...process.env, JWT_SECRET: secret, SEED: 'false', LOG_LEVEL: 'warn', RATE_LIMITS: 'false' }),
);
const app = await buildApp(config);
const tokens = createTokens(new TextEncoder().encode(secret), 86_400);
const viewers: string[] = [];
for (let u = 200; u < 1200; u++) viewers.push(await tokens.sign({ _id: userId(u), username: username(u), ver: 0 }));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
for (const [name, url] of [
  ['feed', '/api/feed?limit=20'],
  ['client home', '/api/v1/timelines/home?limit=20'],
] as const) {
  const rounds: number[] = [];
  let bytes = 0;
  for (let round = 0; round < 4; round++) {
    const start = process.cpuUsage();
    for (const token of viewers) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      bytes = res.body.length;
    }
    const used = process.cpuUsage(start);
    if (round > 0) rounds.push((used.user + used.system) / 1000 / viewers.length);
  }
  console.log(`${name}: ${median(rounds).toFixed(3)} ms CPU per page, ${bytes} bytes`);
}
await app.close();

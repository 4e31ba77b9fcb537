import type { NetworkSize } from '../generate/network';
import type { LoadRequest } from '../load/run-load';
import { conversationScenarios } from '../scenarios/conversation';
import { buildScenarios } from '../scenarios/pages';
import { trainingScenarios } from '../scenarios/training';

/** What the one-scenario tools share (compare.ts, profile.ts, instructions.ts): their options, requests and server settings. */

/** `--name value` from the command line, or the fallback. */
export function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? (process.argv[at + 1] ?? fallback) : fallback;
}

/** The token secret of the servers these tools start: the scenarios' tokens are signed with it. */
export const benchJwtSecret = 'bench-only-secret-of-at-least-thirty-two-characters';

/** First port of the benchmark's servers. */
export const benchPort = Number(process.env.BENCH_PORT ?? 3400);

/** Every scenario's requests on a network, by name (feed, explore, comments, createWorkout, ...). */
export async function allScenarios(size: NetworkSize): Promise<Record<string, LoadRequest[]>> {
  return {
    ...(await buildScenarios(size, benchJwtSecret)),
    ...(await conversationScenarios(size, benchJwtSecret)),
    ...(await trainingScenarios(size, benchJwtSecret)),
  };
}

/** The compiled server's settings as `npm run bench` starts it: no seed, warnings only, no rate limits. */
export function benchServerEnv(dataDir: string, postgresUrl = ''): Record<string, string> {
  return {
    PORT: String(benchPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: benchJwtSecret,
    SEED: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    RATE_LIMITS: 'false',
    ...(postgresUrl ? { DATABASE_URL: postgresUrl } : {}),
  };
}

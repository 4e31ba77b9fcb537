import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testVideoTools } from './apps/server/tests/helpers/video-tools';
import { chromiumLaunchOptions } from './e2e/support/chromium';

/**
 * Browser journeys in Chromium (CHROMIUM_PATH, Debian's, else the npm package's: e2e/support/chromium.ts)
 * against the real server as `npm start` runs it: compiled, serving the web app's production build
 * (both rebuilt first when out of date), on a fresh seeded SQLite database per run.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
// Set by the runner and inherited by its workers, so a journey can reach the server's database with
// the admin command (e2e/moderation.spec.ts); each worker would otherwise compute its own pid's path.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `spotter-e2e-${port}-${process.pid}`);
process.env.E2E_DATA_DIR = dataDir;
const { from: chromiumFrom, ...launchOptions } = await chromiumLaunchOptions();
// Said once, by the runner (its workers load this file again).
if (process.env.TEST_WORKER_INDEX === undefined) {
  console.log(
    `Journeys in Chromium from ${chromiumFrom} (${launchOptions.executablePath}), ffmpeg from ${testVideoTools.from}`,
  );
}

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } };

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  // One at a time: several journeys read what everyone sees (explore, search, suggestions) and expect
  // their own new posts there; and a second browser beside the first was measured to slow the first by
  // as much as it gained (docs/decisions/044-headless-shell-for-journeys.md).
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [{ name: 'desktop', use: desktop }],
  webServer: {
    command: 'node scripts/build.mjs --if-stale && node --max-semi-space-size=8 apps/server/dist/main.js start',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      FFMPEG_PATH: testVideoTools.ffmpegPath,
      FFPROBE_PATH: testVideoTools.ffprobePath,
      // Journeys sign up and post far faster than a person; the limits have their own API tests.
      RATE_LIMITS: 'false',
      JWT_SECRET: 'e2e-secret-that-is-at-least-32-characters-long',
    },
  },
});

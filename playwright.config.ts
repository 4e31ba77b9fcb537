import { defineConfig, devices } from '@playwright/test';
import { testVideoTools } from './apps/server/tests/helpers/video-tools';
import { chromiumLaunchOptions } from './e2e/support/chromium';

/**
 * Browser journeys in Chromium (CHROMIUM_PATH, Debian's, else the npm package's: e2e/support/chromium.ts)
 * against the real server as `npm start` runs it: compiled, serving the web app's production build
 * (both rebuilt first when out of date, by the global setup). Each worker starts its own server on a
 * fresh seeded SQLite database (the `journeyServer` fixture, e2e/support/fixtures.ts): worker n on port
 * E2E_PORT + n. The README's screenshots are not journeys: `npm run screenshots`
 * (playwright.screenshots.config.ts).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const { from: chromiumFrom, ...launchOptions } = await chromiumLaunchOptions();
// Said once, by the runner (its workers load this file again).
if (process.env.TEST_WORKER_INDEX === undefined) {
  console.log(
    `Journeys in Chromium from ${chromiumFrom} (${launchOptions.executablePath}), ffmpeg from ${testVideoTools.from}`,
  );
}

export const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } };

export default defineConfig<object, { serverPort: number }>({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  testIgnore: 'screenshots.spec.ts',
  outputDir: 'test-results',
  globalSetup: './e2e/support/build.ts',
  // Tests, not files, are shared out: one file (the axe audits) would otherwise keep one worker busy
  // long after the other is done. Every journey makes its own accounts on its worker's server.
  fullyParallel: true,
  // Two workers, each with its own browser and server: faster than one now that they share no server
  // (docs/decisions/044-headless-shell-for-journeys.md has the figures). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A journey that fails runs once more, recording a trace (`trace` below), and the run still fails:
  // a pass on the retry is reported as flaky and fails it too (failOnFlakyTests). Recording a trace of
  // every first try cost about 40 % of the journeys' CPU (the browser's screencast and DOM snapshots),
  // measured in decision 044.
  retries: 1,
  failOnFlakyTests: true,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    serverPort: port,
    trace: 'on-first-retry',
    launchOptions,
    // Page routes (a journey's stand-in answers) do not see what a service worker fetches: journeys
    // run without one, except e2e/offline.spec.ts, whose point it is (issue 48).
    serviceWorkers: 'block',
  },
  projects: [{ name: 'desktop', use: desktop }],
});

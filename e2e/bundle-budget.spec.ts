import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './support/fixtures';
import { settled } from './support/settled';

/**
 * The JavaScript that opening `/` costs stays within 150 KB gzipped (issue 3). Heavy pieces (the
 * JSON tree, the virtualizer, the composer) must stay in lazily loaded chunks.
 */
const budgetBytes = 150 * 1024;
const dist = path.resolve('apps/web/dist');
const gzipped = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('index.html: the entry module and its modulepreloads fit the budget', () => {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  expect(sources.length).toBeGreaterThan(0);
  const sizes = sources.map((src) => gzipped(fs.readFileSync(path.join(dist, src))));
  const total = sizes.reduce((a, b) => a + b, 0);
  console.log(`index.html JS: ${sources.length} file(s), ${kb(total)} gzipped (budget ${kb(budgetBytes)})`);
  expect(total).toBeLessThanOrEqual(budgetBytes);
});

test('in Chromium: every script / loads until the login form shows fits the budget, and comes compressed', async ({
  page,
}) => {
  const scripts = new Map<string, number>();
  const encodings = new Set<string>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      encodings.add(response.headers()['content-encoding'] ?? 'none');
    }
    const body = await response.body().catch(() => null);
    if (body) scripts.set(response.url(), gzipped(body));
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login as Guest' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  console.log(`/ loaded ${scripts.size} script(s), ${kb(total)} gzipped (budget ${kb(budgetBytes)})`);
  expect(scripts.size).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(budgetBytes);
  // The bundles arrive as the build's .br twins, not as the files themselves (Chromium accepts br on http://127.0.0.1 too).
  expect([...encodings]).toEqual(['br']);
});

/**
 * The built files that hold the chart library, uPlot (its script and its stylesheet), found by its class
 * names (which survive minifying) rather than by the name Rollup gives their chunk.
 */
function chartLibraryFiles() {
  const assets = path.join(dist, 'assets');
  return fs
    .readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name) && fs.readFileSync(path.join(assets, name), 'utf8').includes('u-legend'))
    .map((name) => `/assets/${name}`);
}

test('the chart library loads only with a progress chart: not on the first screens, on opening Records', async ({
  page,
  signInAsGuest,
}) => {
  const chartFiles = chartLibraryFiles();
  expect(chartFiles.some((file) => file.endsWith('.js'))).toBe(true);
  const isChartFile = (url: string) => chartFiles.includes(new URL(url).pathname);
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (isChartFile(request.url())) fetched.push(new URL(request.url()).pathname);
  });

  // A visitor's first screen.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Login as Guest' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  // A signed-in person's first screen, the home feed.
  const guest = await signInAsGuest();
  await page.goto('/landing');
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  await settled(page);
  expect(fetched).toEqual([]);

  // Their profile, and its Workouts tab (the training tabs' own chunk): still no chart.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page).toHaveURL(`/profilepage/${guest.user.username}`);
  await page.getByRole('tab', { name: 'Workouts' }).click();
  await expect(page.getByTestId('workout-summary').first()).toBeVisible();
  await settled(page);
  expect(fetched).toEqual([]);

  // The Records tab shows a progress chart: now, and only now, the library comes.
  const chartScript = page.waitForRequest((request) => isChartFile(request.url()) && request.url().endsWith('.js'));
  await page.getByRole('tab', { name: 'Records' }).click();
  await chartScript;
  await expect(page.getByTestId('progress-chart').locator('canvas')).toBeVisible();
  expect(fetched.length).toBeGreaterThan(0);
});

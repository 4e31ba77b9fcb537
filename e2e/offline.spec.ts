import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { routes, sessionKeys, type User } from '@spotter/contract';
import { expectNoSeriousViolationsLightAndDark } from './support/axe';
import { expect, test } from './support/fixtures';
import { startJourneyServer } from './support/server';

/**
 * The installed, offline app (issue 48). These journeys run with a service worker (the others block
 * it: playwright.config.ts) and on a server of their own, which they stop and start again on the same
 * database and port: the browser sees one origin throughout.
 */
test.use({ serviceWorkers: 'allow' });

async function signUpAt(url: string, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}`;
  const res = await fetch(`${url}${routes.signup.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstname: 'Off', lastname: 'Line', username, password: 'squat-bench-deadlift-9' }),
  });
  const { encodedToken, createdUser } = (await res.json()) as { encodedToken: string; createdUser: User };
  return { username, token: encodedToken, user: createdUser };
}

async function workoutTitlesAt(url: string, account: { username: string; token: string }) {
  const res = await fetch(`${url}/api/users/${account.username}/workouts?limit=50`, {
    headers: { authorization: account.token },
  });
  return ((await res.json()) as { workouts: { title: string }[] }).workouts.map((w) => w.title);
}

/** Signs in, opens Home, and reloads once the worker is active, so it controls the page and keeps answers. */
async function openControlled(page: Page, url: string, account: { token: string; user: User }) {
  await page.goto(`${url}/test`);
  await page.evaluate(
    ([keys, values]) => {
      localStorage.setItem(keys.token, values.token);
      localStorage.setItem(keys.username, values.username);
      localStorage.setItem(keys.user, values.user);
    },
    [
      sessionKeys,
      { token: account.token, username: account.user.username, user: JSON.stringify(account.user) },
    ] as const,
  );
  await page.goto(`${url}/landing`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function addExercise(page: Page, query: string, name: string) {
  await page.getByRole('combobox', { name: 'Add exercise' }).fill(query);
  await page.getByRole('listbox', { name: 'Exercises found' }).getByRole('option', { name, exact: true }).click();
  await expect(page.getByRole('group', { name })).toBeVisible();
}

async function logTwoExercises(page: Page, title: string) {
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await addExercise(page, 'back squat', 'Barbell Back Squat');
  await page.getByRole('textbox', { name: /Barbell Back Squat set 1 Reps/ }).fill('5');
  await page.getByRole('textbox', { name: /Barbell Back Squat set 1 Weight/ }).fill('100');
  await addExercise(page, 'conventional', 'Conventional Deadlift');
  await page.getByRole('textbox', { name: /Conventional Deadlift set 1 Reps/ }).fill('3');
  await page.getByRole('textbox', { name: /Conventional Deadlift set 1 Weight/ }).fill('140');
  await page.getByRole('button', { name: 'Save workout' }).click();
}

test('with the server gone: the shell and the last feed open, a workout waits on the device and syncs once when it is back', async ({
  page,
}) => {
  // Two servers started and two axe audits of the Log screen (longer since issue 46): past the default minute.
  test.setTimeout(120_000);
  let server = await startJourneyServer(0);
  const { dataDir } = server;
  const port = Number(new URL(server.url).port);
  try {
    const account = await signUpAt(server.url, 'offline');
    await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: account.token },
      body: JSON.stringify({ postData: { content: 'Basement gym, no signal' } }),
    });
    await openControlled(page, server.url, account);
    const post = page.getByText('Basement gym, no signal');
    await expect(post).toBeVisible();
    await page.goto(`${server.url}/workout/new`);
    await expect(page.getByRole('heading', { name: 'Log workout' })).toBeVisible();
    // The catalogue's answer is kept before the server goes.
    await expect
      .poll(() => page.evaluate(async () => (await caches.match('/api/exercises?limit=500')) !== undefined))
      .toBe(true);

    await server.halt();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Log workout' })).toBeVisible();
    await page.goto(`${server.url}/landing`);
    await expect(post).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'offline' })).toBeVisible();
    // What needs the server says so instead of failing.
    const like = page.getByRole('button', { name: 'Like' });
    await expect(like).toBeDisabled();
    await expect(like).toHaveAttribute('title', 'You’re offline: this needs a connection.');

    await page.goto(`${server.url}/workout/new`);
    await logTwoExercises(page, 'Offline legs');
    const waiting = page.getByRole('heading', { name: 'Waiting to sync (1)' });
    await expect(waiting).toBeVisible();
    await expectNoSeriousViolationsLightAndDark(page, 'log workout offline, with the banner and a waiting workout');
    for (let i = 0; i < 2; i += 1) {
      await page.reload();
      await expect(waiting).toBeVisible();
    }

    server = await startJourneyServer(port, { dataDir });
    await expect(waiting).toBeHidden({ timeout: 30_000 });
    expect(await workoutTitlesAt(server.url, account)).toEqual(['Offline legs']);
  } finally {
    await server.stop();
  }
});

test('an answer lost after the server stored the workout: the outbox sends it again and it is stored once', async ({
  page,
  context,
}) => {
  const server = await startJourneyServer(0);
  try {
    const account = await signUpAt(server.url, 'lostans');
    await openControlled(page, server.url, account);
    await page.goto(`${server.url}/workout/new`);
    await dropFirstWorkoutAnswer(context);
    await logTwoExercises(page, 'Answer lost');
    // Stored, but the page never heard: it waits, then its retry under the same key is answered.
    await expect(page.getByRole('heading', { name: /Waiting to sync/ })).toBeHidden({ timeout: 30_000 });
    await expect.poll(() => workoutTitlesAt(server.url, account)).toEqual(['Answer lost']);
    await page.goto(`${server.url}/profilepage/${account.username}`);
    await page.getByRole('tab', { name: 'Workouts' }).click();
    await expect(page.getByText('Answer lost')).toHaveCount(1);
  } finally {
    await server.stop();
  }
});

/** Lets the first POST /api/workouts reach the server, then drops its answer as a lost connection would. */
async function dropFirstWorkoutAnswer(context: BrowserContext) {
  let dropped = false;
  await context.route('**/api/workouts', async (route) => {
    if (dropped || route.request().method() !== 'POST') return route.continue();
    dropped = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
}

test('installable: the manifest names the app, its icons and shortcuts, and a worker controls the page', async ({
  page,
  journeyServer,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(`${journeyServer.url}${href}`)).json();
  expect(manifest).toMatchObject({
    name: 'Spotter',
    short_name: 'Spotter',
    start_url: '/landing',
    scope: '/',
    display: 'standalone',
    theme_color: expect.any(String),
    background_color: expect.any(String),
  });
  const sizes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons)
    expect((await page.request.get(`${journeyServer.url}${icon.src}`)).status()).toBe(200);
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['Log workout', '/workout/new'],
    ['New Post', '/landing?compose=post'],
  ]);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveCount(1);

  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
  // Chromium's own verdict: no reason the page could not be installed.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
});

test('logging out and opening / leaves none of the person’s API answers or media in the caches', async ({ page }) => {
  const server = await startJourneyServer(0);
  try {
    const account = await signUpAt(server.url, 'cachegone');
    await openControlled(page, server.url, account);
    const keptAnswers = () =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const kept = await Promise.all(
          names.filter((n) => !n.includes('precache')).map(async (n) => (await (await caches.open(n)).keys()).length),
        );
        return kept.reduce((a, b) => a + b, 0);
      });
    await expect.poll(keptAnswers).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect.poll(keptAnswers).toBe(0);
  } finally {
    await server.stop();
  }
});

test('a new version: "A new version is ready", and Reload runs it', async ({ page }) => {
  // A copy of the build this server serves, changed below as a deploy would change it.
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'spotter-e2e-web-'));
  cpSync('apps/web/dist', webDist, { recursive: true });
  const server = await startJourneyServer(0, { env: { WEB_DIST: webDist } });
  try {
    const account = await signUpAt(server.url, 'update');
    await openControlled(page, server.url, account);
    const build2 = page.locator('meta[name="spotter-build"]');
    await expect(build2).toHaveCount(0);

    // Build 2: a changed index.html, which the new worker's precache list names with a new revision.
    const index = path.join(webDist, 'index.html');
    writeFileSync(
      index,
      readFileSync(index, 'utf8').replace('<title>', '<meta name="spotter-build" content="2" /><title>'),
    );
    const worker = path.join(webDist, 'sw.js');
    const changed = readFileSync(worker, 'utf8').replace(
      /"revision":"[0-9a-f]+","url":"index.html"/,
      '"revision":"build-2","url":"index.html"',
    );
    expect(changed).toContain('"revision":"build-2"');
    writeFileSync(worker, changed);

    await page.reload();
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expect(build2).toHaveCount(0); // still the old version until the person chooses
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await expect(build2).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByRole('status').filter({ hasText: 'A new version is ready' })).toHaveCount(0);
  } finally {
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
  }
});

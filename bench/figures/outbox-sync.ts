import { chromium, type Page } from 'playwright-core';
import { chromiumLaunchOptions } from '../../e2e/support/chromium';

export interface OutboxSyncResult {
  /** Workouts saved while offline, then sent when the connection came back. */
  workouts: number;
  /** From the connection coming back to the last of them stored by the server (its own answer), in ms. */
  syncMs: number;
  /** Workouts the server holds for the person afterwards, new ones only: must equal `workouts`. */
  stored: number;
  /** From the connection coming back to the first POST /api/workouts leaving the page, in ms. */
  firstSendMs: number;
  /** Median time of one POST /api/workouts as the page saw it (sent to answer read), in ms. */
  postMedianMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Picks an exercise in the log form, whether its picker lists buttons or options (a combobox). */
async function addExercise(page: Page, query: string, name: string) {
  await page.getByLabel('Add exercise', { exact: true }).fill(query);
  await page
    .getByRole('option', { name, exact: true })
    .or(page.getByRole('list', { name: 'Exercises found' }).getByRole('button', { name, exact: true }))
    .first()
    .click();
}

async function workoutCount(baseUrl: string, username: string, token: string) {
  let count = 0;
  let cursor = '';
  for (;;) {
    const res = await fetch(`${baseUrl}/api/users/${username}/workouts?limit=50${cursor}`, {
      headers: { authorization: token },
    });
    const page = (await res.json()) as { workouts: unknown[]; nextCursor?: string | null };
    count += page.workouts.length;
    if (!page.nextCursor) return count;
    cursor = `&cursor=${encodeURIComponent(page.nextCursor)}`;
  }
}

/**
 * Issue 48's "20 workouts queued offline sync in under 5 s once the server is back": a signed-in
 * page logs `workouts` workouts through the form with the browser offline (each waits in the outbox),
 * then the connection returns and the time until the server has stored the last one is taken. The
 * service worker is blocked: this times the outbox, not the caches, and Chromium's offline emulation
 * then reaches every request of the page.
 */
export async function runOutboxSyncBench(options: {
  baseUrl: string;
  username: string;
  password: string;
  workouts: number;
}): Promise<OutboxSyncResult> {
  const login = await fetch(`${options.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: options.username, password: options.password }),
  });
  if (!login.ok) throw new Error(`login for the outbox benchmark failed: ${login.status}`);
  const { encodedToken, foundUser } = (await login.json()) as { encodedToken: string; foundUser: unknown };
  const before = await workoutCount(options.baseUrl, options.username, encodedToken);

  const { executablePath, args } = await chromiumLaunchOptions();
  const browser = await chromium.launch({ executablePath, args });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript({
      content: `
        localStorage.setItem('token', ${JSON.stringify(encodedToken)});
        localStorage.setItem('loggedUser', ${JSON.stringify(options.username)});
        localStorage.setItem('userData', ${JSON.stringify(JSON.stringify(foundUser))});`,
    });
    const page = await context.newPage();
    // Once the Log screen has the whole catalogue, the form finds exercises with no server.
    const catalogue = page.waitForResponse((res) => /\/api\/exercises\?.*limit=500/.test(res.url()) && res.ok());
    await page.goto(`${options.baseUrl}/workout/new`);
    await page.getByRole('heading', { name: 'Log workout' }).waitFor();
    await catalogue;
    await context.setOffline(true);
    for (let n = 1; n <= options.workouts; n++) {
      await page.getByRole('textbox', { name: 'Title' }).fill(`Outbox bench ${n}`);
      await addExercise(page, 'back squat', 'Barbell Back Squat');
      await page.getByRole('textbox', { name: /set 1 Reps/ }).fill('5');
      await page.getByRole('textbox', { name: /set 1 Weight/ }).fill(String(100 + n));
      await page.getByRole('button', { name: 'Save workout' }).click();
      await page.getByRole('heading', { name: `Waiting to sync (${n})` }).waitFor();
      // Queued: the form is cleared for the next one.
      await page.getByRole('textbox', { name: /set 1 Reps/ }).waitFor({ state: 'detached' });
    }
    const waiting = page.getByRole('heading', { name: /Waiting to sync/ });
    const sends: number[] = [];
    const posts: number[] = [];
    page.on('requestfinished', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/api/workouts')) return;
      sends.push(performance.now());
      const timing = request.timing();
      posts.push(timing.responseEnd);
    });
    const started = performance.now();
    await context.setOffline(false);
    await waiting.waitFor({ state: 'hidden', timeout: 60_000 });
    const syncMs = performance.now() - started;
    const stored = (await workoutCount(options.baseUrl, options.username, encodedToken)) - before;
    await context.close();
    return {
      workouts: options.workouts,
      syncMs: Math.round(syncMs),
      stored,
      // Finished times minus each one's own duration: when the first one left.
      firstSendMs: Math.round(Math.min(...sends.map((at, i) => at - (posts[i] ?? 0))) - started),
      postMedianMs: Math.round(median(posts)),
    };
  } finally {
    await browser.close();
  }
}

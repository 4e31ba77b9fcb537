import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { routes } from '@spotter/contract';
import { expectNoSeriousViolations } from './support/axe';
import { expect, type SpotterApi, test } from './support/fixtures';
import { toast } from './support/toasts';

/**
 * Issue 16's loop: a member reports a post from its page; a moderator opens /admin from the
 * navigation (which members do not have) and removes it from the queue; the reporter reads the
 * outcome in their notifications. /admin is axe clean in light and dark.
 */
const run = promisify(execFile);

/** `npm run admin -- grant <username>` against the journeys' server (its compiled build and database). */
async function grantAdmin(username: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  await run('node', ['apps/server/dist/main.js', 'admin', 'grant', username], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
}

const moderationLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' });

async function makeModerator(api: SpotterApi) {
  const admin = await api.signUp('modadm');
  await grantAdmin(admin.username);
  const moderator = await api.signUp('modmod');
  await api.call(routes.setRole, {
    token: admin.token,
    params: { userId: moderator.user._id },
    body: { role: 'moderator' },
  });
  return moderator;
}

test('a member reports a post; a moderator removes it from the queue; the reporter sees the outcome', async ({
  page,
  browser,
  api,
  signIn,
}) => {
  // Three people, two browsers and a live notification: it ran 42-60 s on a loaded machine.
  test.setTimeout(120_000);
  const author = await api.signUp('modauth');
  const reporter = await api.signUp('modrep');
  const content = `Cheap pills, click here ${Date.now().toString(36)}`;
  const post = await api.createPost(author.token, { content });
  const moderator = await makeModerator(api);

  // The member reports the post from its "⋯" menu, on its page.
  await signIn(reporter);
  await page.goto(`/postpage/${post._id}`);
  await expect(page.getByText(content)).toBeVisible();
  await expect(moderationLink(page)).toHaveCount(0);
  await page.getByRole('button', { name: `Options for @${author.user.username}'s post` }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this post' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Pick a reason.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByLabel(/Anything the moderators should know/).fill('An ad for pills');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'the moderators will look at it')).toBeVisible();

  // The moderator removes it from the queue.
  const modContext = await browser.newContext();
  const modPage = await modContext.newPage();
  await modPage.goto('/test');
  await modPage.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('loggedUser', user.username);
      localStorage.setItem('userData', JSON.stringify(user));
    },
    [moderator.token, moderator.user] as const,
  );
  await modPage.goto('/landing');
  await moderationLink(modPage).click();
  await expect(modPage.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  const entry = modPage.getByTestId('report-case').filter({ hasText: content });
  await expect(entry).toContainText('Spam or advertising');
  await expect(entry).toContainText('An ad for pills');
  await expect(entry).toContainText(`@${reporter.username}`);
  await entry.getByRole('button', { name: 'Remove' }).click();
  await expect(toast(modPage, 'Content removed')).toBeVisible();
  await expect(entry).toHaveCount(0);
  await modPage.getByRole('button', { name: 'Audit log' }).click();
  await expect(modPage.getByTestId('audit-entry').first()).toContainText('removed content');
  await modContext.close();

  // The reporter reads the outcome.
  await page.goto('/notifications');
  await expect(page.getByTestId('notification').first()).toContainText(
    'The moderators reviewed your report of a post: it was removed.',
  );
});

test('/admin is axe clean in light and dark', async ({ page, api, signIn }) => {
  const author = await api.signUp('modaxa');
  const reporter = await api.signUp('modaxr');
  const post = await api.createPost(author.token, { content: 'Reported for the axe check' });
  await api.call(routes.createReport, {
    token: reporter.token,
    body: { report: { postId: post._id, reason: 'other', note: 'checking' } },
  });
  const moderator = await makeModerator(api);
  await signIn(moderator);
  await page.goto('/admin');
  await expect(page.getByTestId('report-case').first()).toBeVisible();
  await expectNoSeriousViolations(page, '/admin (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, '/admin (dark)');
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { type ResolveReportBody, routes } from '@spotter/contract';
import { expectNoSeriousViolations, expectNoSeriousViolationsLightAndDark } from './support/axe';
import { type Account, expect, type SpotterApi, test } from './support/fixtures';
import type { JourneyServer } from './support/server';
import { toast } from './support/toasts';

/**
 * Issue 16's loop: a member reports a post from its page; a moderator opens /admin from the
 * navigation (which members do not have) and removes it from the queue; the reporter reads the
 * outcome in their notifications, and a moderator restores it (decision 048). A moderator opens a
 * suspended person's profile from the queue. /admin is axe clean in light and dark. A suspended person
 * who logs in reads why and appeals once; the moderators read it (issue 47).
 */
const run = promisify(execFile);

/** `npm run admin -- grant <username>` against this worker's server (its compiled build and database). */
async function grantAdmin(dataDir: string, username: string) {
  await run('node', ['apps/server/dist/main.js', 'admin', 'grant', username], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
  });
}

const moderationLink = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' });

async function makeModerator(api: SpotterApi, server: JourneyServer) {
  const admin = await api.signUp('modadm');
  await grantAdmin(server.dataDir, admin.username);
  const moderator = await api.signUp('modmod');
  await api.call(routes.setRole, {
    token: admin.token,
    params: { userId: moderator.user._id },
    body: { role: 'moderator' },
  });
  return moderator;
}

/** `reporter` reports `troll`'s account and `moderator` suspends them from the queue, through the API. */
async function suspendThroughReport(
  api: SpotterApi,
  people: { troll: Account; reporter: Account; moderator: Account },
  resolution: Omit<ResolveReportBody, 'action'> = {},
) {
  const { troll, reporter, moderator } = people;
  await api.call(routes.createReport, {
    token: reporter.token,
    body: { report: { userId: troll.user._id, reason: 'harassment' } },
  });
  const queue = (await api.call(routes.reportQueue, { token: moderator.token })) as {
    reports: { _id: string; target: { _id: string } }[];
  };
  const report = queue.reports.find((c) => c.target._id === troll.user._id);
  await api.call(routes.resolveReport, {
    token: moderator.token,
    params: { reportId: report?._id ?? '' },
    body: { action: 'suspend_user', ...resolution },
  });
}

test('a member reports a post; a moderator removes it from the queue; the reporter sees the outcome', async ({
  page,
  browser,
  api,
  signIn,
  journeyServer,
}) => {
  // Three people, two browsers and a live notification: up to the suite's timeout on a loaded machine
  // (decision 044, "Measurements").
  test.setTimeout(120_000);
  const author = await api.signUp('modauth');
  const reporter = await api.signUp('modrep');
  const content = `Cheap pills, click here ${Date.now().toString(36)}`;
  const post = await api.createPost(author.token, { content });
  const moderator = await makeModerator(api, journeyServer);

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
  // It asks first, the reporter's reason chosen (issue 47).
  const ask = modPage.getByRole('dialog', { name: 'Remove this post?' });
  await expect(ask.getByRole('radio', { name: 'Spam or advertising' })).toBeChecked();
  await ask.getByLabel(/Note \(optional\)/).fill('No ads for pills.');
  await ask.getByRole('button', { name: 'Remove post' }).click();
  await expect(toast(modPage, 'Content removed')).toBeVisible();
  await expect(entry).toHaveCount(0);
  await modPage.getByRole('button', { name: 'Audit log' }).click();
  await expect(modPage.getByTestId('audit-entry').first()).toContainText(
    `removed a post by @${author.user.username}. Reason: Spam or advertising. Note: “No ads for pills.”`,
  );

  // The reporter reads the outcome.
  await page.goto('/notifications');
  await expect(page.getByTestId('notification').first()).toContainText(
    'The moderators reviewed your report of a post: it was removed.',
  );
  await page.goto(`/postpage/${post._id}`);
  await expect(page.getByText(content)).toHaveCount(0);

  // A second look: the moderator restores it from the resolved cases, from the keyboard (decision 048).
  await modPage.getByRole('button', { name: 'Resolved' }).click();
  const resolved = modPage.getByTestId('report-case').filter({ hasText: content });
  await resolved.getByRole('button', { name: 'Restore' }).focus();
  await modPage.keyboard.press('Enter');
  const confirm = modPage.getByRole('dialog', { name: 'Restore this post?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await modPage.keyboard.press('Tab');
  await modPage.keyboard.press('Enter');
  await expect(toast(modPage, 'The post is restored.')).toBeVisible();
  await expect(resolved.getByRole('button', { name: 'Restore' })).toHaveCount(0);
  await modPage.getByRole('button', { name: 'Audit log' }).click();
  await expect(modPage.getByTestId('audit-entry').first()).toContainText(`restored a post by @${author.username}.`);
  await modContext.close();

  await page.reload();
  await expect(page.getByText(content)).toBeVisible();
});

test("a moderator opens a suspended person's profile, marked suspended; a member gets 'No such athlete'", async ({
  page,
  api,
  signIn,
  journeyServer,
}) => {
  const troll = await api.signUp('modsus');
  const reporter = await api.signUp('modsusr');
  const content = `Posted before the suspension ${Date.now().toString(36)}`;
  await api.createPost(troll.token, { content });
  const moderator = await makeModerator(api, journeyServer);
  await suspendThroughReport(api, { troll, reporter, moderator });

  await signIn(reporter);
  await page.goto(`/profilepage/${troll.username}`);
  await expect(page.getByRole('heading', { name: 'No such athlete' })).toBeVisible();

  await signIn(moderator);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Resolved' }).click();
  const entry = page
    .getByTestId('report-case')
    .filter({ hasText: `@${troll.username}` })
    .first();
  await entry.getByRole('link', { name: 'See it in context' }).click();
  await expect(page.getByText('Only moderators see this profile.')).toBeVisible();
  await expect(page.getByText(content)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
});

test('/admin is axe clean in light and dark', async ({ page, api, signIn, journeyServer }) => {
  const author = await api.signUp('modaxa');
  const reporter = await api.signUp('modaxr');
  const post = await api.createPost(author.token, { content: 'Reported for the axe check' });
  await api.call(routes.createReport, {
    token: reporter.token,
    body: { report: { postId: post._id, reason: 'other', note: 'checking' } },
  });
  const moderator = await makeModerator(api, journeyServer);
  await signIn(moderator);
  await page.goto('/admin');
  await expect(page.getByTestId('report-case').first()).toBeVisible();
  // Opened directly, the page has its own layout (the feed pages' column), not only after a feed page.
  await expect(page.locator('.feed-page')).toHaveCSS('max-width', '640px');
  await expectNoSeriousViolations(page, '/admin (light)');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousViolations(page, '/admin (dark)');
  // The dialog that asks first and takes a reason (issue 47).
  const reported = page.getByTestId('report-case').filter({ hasText: 'Reported for the axe check' });
  await reported.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove this post?' })).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, '/admin, the Remove dialog');
});

test('a suspended person logs in, reads why and appeals; the moderators read the appeal', async ({
  page,
  api,
  signIn,
  journeyServer,
}) => {
  const troll = await api.signUp('modapl');
  const reporter = await api.signUp('modaplr');
  const moderator = await makeModerator(api, journeyServer);
  await suspendThroughReport(
    api,
    { troll, reporter, moderator },
    { reason: 'harassment', note: 'Insults under three posts.' },
  );

  await page.goto('/');
  await page.getByLabel('Username').fill(troll.username);
  await page.getByLabel('Password', { exact: true }).fill(troll.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Your account is suspended' })).toBeVisible();
  await expect(page.getByText('Harassment or hate: “Insults under three posts.”')).toBeVisible();
  await expect(page.getByText('Until the moderators lift it')).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'the suspended screen');
  await page.getByLabel('Your appeal to the moderators').fill('They insulted me first; I am sorry.');
  await page.getByRole('button', { name: 'Send appeal' }).click();
  await expect(page.getByText('Your appeal was sent')).toBeVisible();

  await signIn(moderator);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Appeals' }).click();
  const appeal = page.getByTestId('appeal').filter({ hasText: `@${troll.username}` });
  await expect(appeal).toContainText('They insulted me first; I am sorry.');
  await expect(appeal).toContainText('Harassment or hate');
  await expectNoSeriousViolationsLightAndDark(page, '/admin, Appeals');
  await appeal.getByRole('button', { name: `Lift suspension of @${troll.username}` }).click();
  await expect(appeal).toHaveCount(0);
});

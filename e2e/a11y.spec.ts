import type { Page } from '@playwright/test';
import { routes } from '@spotter/contract';
import { expectNoSeriousViolationsLightAndDark } from './support/axe';
import { type Account, expect, type SpotterApi, test } from './support/fixtures';
import { postWithPhoto } from './support/photos';

/** axe-core on every screen, in light and in dark mode: no serious or critical violation. */

/** A seeded post: the audits run beside other journeys, whose newest posts come and go. */
async function seededPostId(page: Page): Promise<string> {
  const response = await page.request.get('/api/posts/user/maya_lifts', { params: { limit: 1 } });
  const body = await response.json();
  return body.posts[0]._id as string;
}

/**
 * A new account whose posts are seen by its followers only (it has none): what the audits post never
 * reaches explore or anyone's feed, where the journeys running beside them look for their own posts.
 */
async function privateAccount(signUp: (prefix?: string) => Promise<Account>, api: SpotterApi): Promise<Account> {
  const me = await signUp('axe');
  await api.call(routes.editAccountSettings, {
    token: me.token,
    body: { settings: { defaultVisibility: 'followers' } },
  });
  return me;
}

// One test per screen, audited in light and then in dark mode: axe takes seconds a screen on a loaded
// machine, and a failure names its screen and mode.
for (const [screen, url] of [
  ['login', '/'],
  ['signup', '/signup'],
  ['request tester', '/test'],
  ['not found', '/no/such/page'],
] as const) {
  test(`${screen} screen`, async ({ page }) => {
    await page.goto(url);
    await expectNoSeriousViolationsLightAndDark(page, screen);
  });
}

for (const [screen, url] of [
  ['home', '/landing'],
  ['explore', '/explore'],
  ['bookmarks', '/bookmark'],
  ['liked posts', '/likepage'],
  ['profile of someone else', '/profilepage/maya_lifts'],
  ['own profile', '/profilepage/guest'],
  ['followers list', '/profilepage/maya_lifts/followers'],
  ['single post', '/postpage/:first'],
  // Issue 47: the search page, on its Posts tab (its cards, tabs and box).
  ['search page', '/search?q=squat&type=posts'],
] as const) {
  test(`${screen} screen, signed in`, async ({ page, signInAsGuest }) => {
    await signInAsGuest();
    await page.goto(url === '/postpage/:first' ? `/postpage/${await seededPostId(page)}` : url);
    await expect(page.locator('#main')).not.toBeEmpty();
    await expectNoSeriousViolationsLightAndDark(page, screen);
  });
}

test('empty home feed and the full-size photo (issue 18)', async ({ page, api, signUp }) => {
  test.setTimeout(180_000);
  const me = await privateAccount(signUp, api);
  await page.goto('/landing');
  await expect(page.locator('#main').getByRole('region', { name: 'People to follow' })).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'empty home feed');

  const post = await postWithPhoto(page, api, me, 'A photo to see full size');
  await page.goto(`/postpage/${post._id}`);
  await page.getByRole('button', { name: /open full size/ }).click();
  await expect(page.getByRole('dialog', { name: 'Photo, full size' })).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'full-size photo');
});

test('dialogs and search results', async ({ page, signInAsGuest }) => {
  // Four axe runs: past a minute on a loaded machine.
  test.setTimeout(180_000);
  await signInAsGuest();
  await page.goto('/profilepage/guest');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'Edit Profile dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'New Post' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'New Post dialog');
  await page.keyboard.press('Escape');

  const search = page.getByRole('complementary', { name: 'People' }).getByPlaceholder('Search users...');
  await search.fill('a');
  await expect(page.getByRole('region', { name: 'Search users' }).getByRole('link').first()).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'search results');
  await search.fill('nobody-with-this-name');
  await expect(page.getByText('No user found')).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'no search results');
});

test('errors beside their fields, and the delete confirmation', async ({ page, signUp, api }) => {
  test.setTimeout(180_000);
  await page.goto('/signup');
  await page.getByLabel('Username').fill('not a username!');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Enter your first name.')).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'signup with field errors');

  const me = await privateAccount(signUp, api);
  await api.createPost(me.token, { content: 'To be deleted, maybe' });
  await page.goto(`/profilepage/${me.username}`);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Website').fill('javascript:void(0)');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByText(/not a web address/)).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'Edit Profile with a field error');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete this post?' })).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'delete confirmation');
});

test('phone layout', async ({ page, signInAsGuest }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsGuest();
  await page.goto('/landing');
  await expect(page.getByRole('navigation', { name: 'Tabs' })).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'phone home');
  await page.getByRole('button', { name: 'Search users' }).click();
  await expect(page.getByRole('dialog', { name: 'People' })).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'phone people dialog');
});

test('error screen', async ({ page, signInAsGuest }) => {
  await signInAsGuest();
  await page.goto('/landing');
  await page.route(/\/assets\/explore-[^/]*\.js$/, (route) => route.abort('failed'));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoSeriousViolationsLightAndDark(page, 'route error');
});

import { presetAvatars, uiMessages } from '@spotter/contract';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';

/**
 * Following someone and editing one's profile against the real server, with reloads to prove it kept
 * them. The Edit Profile dialog's closing, focus and website field, a refused follow and a missing
 * person are jsdom tests (apps/web/src/app/routes/profile.test.tsx).
 */
const count = (page: import('@playwright/test').Page, label: string) =>
  page.locator('.profile-header__counts div').filter({ hasText: label }).locator('dd');

test("someone else's profile: header, counts and Follow ↔ Following", async ({ page, signUp }) => {
  await signUp('fan');
  await page.goto('/profilepage/maya_lifts');
  const header = page.locator('.profile-header');
  await expect(header.getByRole('heading', { name: 'Maya Okafor' })).toBeVisible();
  await expect(header).toContainText('@maya_lifts');
  await expect(header).toContainText('Powerlifter. 3x state meet. Deadlifts before coffee.');
  await expect(header.getByRole('img', { name: "Maya Okafor's avatar" })).toHaveAttribute('src', presetAvatars[1]);
  const site = header.getByRole('link', { name: 'example.com/maya-lifts' });
  await expect(site).toHaveAttribute('href', 'https://example.com/maya-lifts');
  await expect(site).toHaveAttribute('rel', 'noopener noreferrer nofollow');

  const followers = Number(await count(page, 'Followers').textContent());
  await expect(count(page, 'Posts')).toHaveText(/^\d+$/);
  await expect(count(page, 'Following')).toHaveText(/^\d+$/);

  await header.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(header.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(count(page, 'Followers')).toHaveText(String(followers + 1));
  // The server agrees: a reload still says Following.
  await page.reload();
  await expect(header.getByRole('button', { name: 'Following' })).toBeVisible();
  await expect(count(page, 'Followers')).toHaveText(String(followers + 1));

  await header.getByRole('button', { name: 'Following' }).click();
  await expect(header.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(count(page, 'Followers')).toHaveText(String(followers));
});

test('own profile: Edit Profile with 7 preset avatars, read-only name and username, Update', async ({
  page,
  signUp,
}) => {
  const { user } = await signUp('editor');
  await page.goto(`/profilepage/${user.username}`);
  const header = page.locator('.profile-header');
  await header.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(7);
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('Test Lifter');
  await expect(dialog.getByLabel('Username', { exact: true })).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Username', { exact: true })).toHaveValue(user.username);

  await dialog.getByRole('radio', { name: 'Avatar 4' }).check();
  await dialog.getByLabel('Bio').fill('Front squats and long runs.');
  await dialog.getByLabel('Website').fill('https://example.org/training-log');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, uiMessages.updated)).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(header).toContainText('Front squats and long runs.');
  await expect(header.getByRole('link', { name: 'example.org/training-log' })).toHaveAttribute(
    'href',
    'https://example.org/training-log',
  );
  // SPEC §4: the new avatar replaces the old one everywhere it is shown.
  await expect(header.getByRole('img', { name: "Test Lifter's avatar" })).toHaveAttribute('src', presetAvatars[3]);
  await expect(page.locator('.side-nav__me img')).toHaveAttribute('src', presetAvatars[3]);
  await page.reload();
  await expect(page.locator('.side-nav__me img')).toHaveAttribute('src', presetAvatars[3]);
  await expect(header).toContainText('Front squats and long runs.');
});

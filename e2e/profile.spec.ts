import { presetAvatars, uiMessages } from '@spotter/contract';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';

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

test('a follow the server refuses is rolled back with an error toast', async ({ page, signUp }) => {
  await signUp('rollback');
  await page.route('**/api/users/follow/**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ errors: ['Internal server error'] }),
    }),
  );
  await page.goto('/profilepage/coach_dan');
  const header = page.locator('.profile-header');
  const followers = await count(page, 'Followers').textContent();
  await header.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(toast(page, 'Internal server error')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Follow', exact: true })).toBeVisible();
  await expect(count(page, 'Followers')).toHaveText(followers ?? '');
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

test('Edit Profile: X closes without saving, Escape too, and focus stays inside while open', async ({
  page,
  signUp,
}) => {
  const { user } = await signUp('closer');
  await page.goto(`/profilepage/${user.username}`);
  const open = page.getByRole('button', { name: 'Edit Profile' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Bio').fill('never saved');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.profile-header')).not.toContainText('never saved');

  await open.click();
  await expect(dialog.getByLabel('Bio')).toHaveValue('');
  for (let i = 0; i < 20; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test('a website without https:// is taken as one; one that is no web address is refused beside the field', async ({
  page,
  signUp,
}) => {
  const { user } = await signUp('website');
  await page.goto(`/profilepage/${user.username}`);
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  const website = dialog.getByLabel('Website');
  await expect(website).toHaveAccessibleDescription(/example\.com\/maya/);

  const edits: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/users/edit') edits.push(r.postData() ?? '');
  });
  await website.fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Update' }).click();
  const problem = 'This is not a web address: type one like example.com/maya.';
  await expect(dialog.getByText(problem)).toBeVisible();
  await expect(website).toHaveAttribute('aria-invalid', 'true');
  await expect(website).toHaveAccessibleDescription(problem);
  // It stays (no toast to miss), and sends nothing, until the field changes.
  await page.waitForTimeout(3000);
  await expect(dialog.getByText(problem)).toBeVisible();
  expect(edits).toEqual([]);

  await website.fill('example.com/maya');
  await expect(dialog.getByText(problem)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, uiMessages.updated)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.profile-header').getByRole('link', { name: 'example.com/maya' })).toHaveAttribute(
    'href',
    'https://example.com/maya',
  );
  expect(JSON.parse(edits[0] ?? '{}').userData.website).toBe('https://example.com/maya');
});

test('an unknown username says so', async ({ page, signUp }) => {
  await signUp('lost');
  await page.goto('/profilepage/nobody_by_that_name');
  await expect(page.getByRole('heading', { name: 'No such athlete' })).toBeVisible();
});

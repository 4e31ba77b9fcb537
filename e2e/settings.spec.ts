import fs from 'node:fs';
import { accountExport, routes } from '@spotter/contract';
import { expectNoSeriousViolations } from './support/axe';
import { expect, test } from './support/fixtures';

const firefoxOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('settings are reached from the navigation and are axe clean, light and dark, at phone width', async ({
  page,
  signUp,
}) => {
  // Two axe runs on a long form, on a small shared machine.
  test.setTimeout(150_000);
  const me = await signUp('tuner');
  await page.goto(`/profilepage/${me.username}`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page).toHaveTitle('Settings · Spotter');

  // The default visibility and the training settings are saved and read back.
  await page.getByRole('radio', { name: /Followers only/ }).check();
  await page.getByRole('radio', { name: 'Pounds (lb)' }).check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: /Followers only/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Pounds (lb)' })).toBeChecked();
  // The composer on Home names that default.
  await page.goto('/landing');
  await expect(
    page.getByRole('combobox', { name: 'Who can see this post' }).first().locator('option:checked'),
  ).toHaveText('Default (Followers only)');
  await page.goto('/settings');

  // A new password that is too short is refused beside its field.
  await page.getByRole('textbox', { name: 'Current password' }).fill(me.password);
  await page.getByRole('textbox', { name: 'New password' }).fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('New password must be at least 8 characters long.')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  // The phone layout is on (its tab bar; Settings is under its More since issue 47).
  await expect(page.getByRole('navigation', { name: 'Tabs' }).getByRole('button', { name: 'More' })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `settings (${colorScheme}, 390 px)`);
  }
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('export downloads a ZIP of what the person made', async ({ page, api, signUp }) => {
  const me = await signUp('exporter');
  await api.createPost(me.token, { content: 'Exported squat day' });
  await page.goto('/settings');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(accountExport.fileName);
  const file = fs.readFileSync(await download.path());
  // A ZIP's local file header, and the names of its entries (stored uncompressed in the headers).
  expect(file.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  for (const name of accountExport.files) expect(file.includes(name)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Your file is downloaded.' })).toBeVisible();
});

test('the sessions screen revokes another session', async ({ page, request, signUp }) => {
  const me = await signUp('twodevices');
  const other = await request.post(routes.login.path, {
    data: { username: me.username, password: me.password },
    headers: { 'user-agent': firefoxOnWindows },
  });
  const otherToken = ((await other.json()) as { encodedToken: string }).encodedToken;

  await page.goto('/settings');
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  await page.getByRole('button', { name: /^Revoke Firefox on Windows/ }).click();
  await expect(devices).toHaveCount(1);
  await expect(devices.first()).toContainText('This device');
  const refused = await request.get(routes.me.path, { headers: { authorization: otherToken } });
  expect(refused.status()).toBe(401);
  // This device still works.
  await page.reload();
  await expect(devices).toHaveCount(1);
});

test('deleting the account signs out and the profile is gone', async ({ page, request, api, signUp }) => {
  const me = await signUp('leaver');
  await api.createPost(me.token, { content: 'Last post before leaving' });
  await page.goto('/settings');
  const deletion = page.getByRole('region', { name: 'Delete my account' });
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByText('Enter your password.')).toBeVisible();
  await deletion.getByLabel('Password', { exact: true }).fill('not-my-password');
  await deletion.getByRole('checkbox').check();
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(deletion.getByText('The password is not correct: nothing was deleted.')).toBeVisible();

  await deletion.getByLabel('Password', { exact: true }).fill(me.password);
  await deletion.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  expect((await request.get(routes.profile.path.replace(':username', me.username))).status()).toBe(404);
  await signUp('witness');
  await page.goto(`/profilepage/${me.username}`);
  await expect(page.getByRole('alert')).toContainText('No such athlete');
});

import { twoFactor, twoFactorErrors, twoFactorTexts, uiMessages } from '@spotter/contract';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from './support/fixtures';
import { toast } from './support/toasts';

/**
 * Two-factor sign-in end to end (issue 45): set up in Settings by reading the key off the page as a
 * person would type it into an authenticator app, log out, and log in with a code this test computes.
 * The screens' every state and message are jsdom tests (two-factor-section.test.tsx,
 * login-two-factor.test.tsx); the server's rules are API tests (apps/server/tests/two-factor.test.ts).
 */
const codeOf = (secret: string, atMs: number) =>
  new TOTP({
    algorithm: twoFactor.algorithm,
    digits: twoFactor.digits,
    period: twoFactor.periodSeconds,
    secret: Secret.fromBase32(secret),
  }).generate({ timestamp: atMs });

test('enrol two-factor sign-in in Settings, log out, log in with a code from the authenticator', async ({
  page,
  signUp,
}) => {
  const me = await signUp('twofactor');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: twoFactorTexts.start }).click();
  await expect(section.getByRole('img', { name: twoFactorTexts.qrLabel })).toBeVisible();
  const secret = (await section.getByLabel(twoFactorTexts.secretLabel).inputValue()).replaceAll(' ', '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await section.getByLabel(twoFactorTexts.codeLabel).fill(codeOf(secret, Date.now()));
  await section.getByRole('button', { name: twoFactorTexts.confirm }).click();
  const codes = section.getByRole('list', { name: twoFactorTexts.recoveryList }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByRole('button', { name: twoFactorTexts.savedCodes }).click();
  await expect(section.getByText(twoFactorTexts.on)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByLabel('Username').fill(me.username);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(twoFactorErrors.codeRequired)).toBeVisible();
  // The confirming code's step is spent (each code works once): the next step's code, which the
  // server takes as "one step either side".
  await page.getByLabel(twoFactorTexts.loginCodeLabel).fill(codeOf(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: twoFactorTexts.verify }).click();
  await expect(page).toHaveURL(/\/landing$/);
  await expect(toast(page, uiMessages.loggedIn)).toBeVisible();
});

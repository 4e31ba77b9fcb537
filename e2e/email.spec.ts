import { expect, test } from '@playwright/test';
import { emailTexts, routes, type User } from '@spotter/contract';
import { linkIn, type SmtpInbox, startSmtpInbox } from '../apps/server/tests/helpers/smtp-inbox';
import { freePort, startJourneyServer } from './support/server';

/**
 * "Forgot password?" from end to end (issue 45): a server of its own with SMTP_URL pointing at an SMTP
 * server inside this test process, whose mails the journey reads and whose links it opens.
 */
let inbox: SmtpInbox;
let server: Awaited<ReturnType<typeof startJourneyServer>>;

test.beforeAll(async () => {
  inbox = await startSmtpInbox();
  const port = await freePort();
  server = await startJourneyServer(port, {
    env: { SMTP_URL: inbox.url, PUBLIC_URL: `http://127.0.0.1:${port}`, MAIL_FROM: 'Spotter <no-reply@127.0.0.1>' },
  });
});

test.afterAll(async () => {
  await server?.stop();
  await inbox?.close();
});

/** The newest mail to `address` once it has come. */
async function mailTo(address: string, count: number) {
  await expect.poll(() => inbox.to(address).length).toBe(count);
  const mail = inbox.to(address).at(-1);
  if (!mail) throw new Error(`no mail to ${address}`);
  return mail;
}

test('a forgotten password is reset from the mailed link, and the new one logs in', async ({ page }) => {
  const username = `forgetful${Date.now().toString(36)}`;
  const address = `${username}@example.org`;
  const signup = await fetch(`${server.url}${routes.signup.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstname: 'For', lastname: 'Getful', username, password: 'the-old-password-1' }),
  });
  const { encodedToken } = (await signup.json()) as { encodedToken: string; createdUser: User };
  const added = await fetch(`${server.url}${routes.setEmail.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: encodedToken },
    body: JSON.stringify({ email: address }),
  });
  expect(added.status).toBe(202);

  // The verification mail's link, opened and confirmed.
  await page.goto(linkIn(await mailTo(address, 1)));
  await page.getByRole('button', { name: 'Verify this email' }).click();
  await expect(page.getByRole('status')).toHaveText(emailTexts.verified);

  // The login screen offers "Forgot password?"; it asks for the username and says the same to anyone.
  await page.goto(`${server.url}/`);
  await page.getByRole('link', { name: emailTexts.forgotLink }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status')).toHaveText(emailTexts.forgotSent);

  const recovery = await mailTo(address, 2);
  expect(recovery.subject).toBe('Set a new password for Spotter');
  await page.goto(linkIn(recovery));
  await page.getByLabel('Password', { exact: true }).fill('the-new-password-2');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();

  // The old session has ended; the new password logs in.
  const old = await fetch(`${server.url}${routes.me.path}`, { headers: { authorization: encodedToken } });
  expect(old.status).toBe(401);
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('the-new-password-2');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/landing$/);
});

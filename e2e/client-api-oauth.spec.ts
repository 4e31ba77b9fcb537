import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/fixtures';

// Issue 50's journey: an app on this machine (a loopback redirect_uri, as desktop apps and scripts
// use) sends the browser to Spotter's consent screen; the person signs in, authorizes, and the app
// receives its code. The app's token then shows in Settings' sessions, and "Log out everywhere" ends it.
test('an app signs a person in with OAuth, shows in their sessions, and "Log out everywhere" ends it', async ({
  page,
  api,
  request,
}) => {
  const person = await api.signUp('oauthapp');

  // The app: a tiny server that receives the browser back with the code.
  let received: URLSearchParams | undefined;
  const app = http.createServer((req, res) => {
    received = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Signed in to Loopback Lifts');
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  const redirectUri = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callback`;
  try {
    const registered = await request.post('/api/v1/apps', {
      data: { client_name: 'Loopback Lifts', redirect_uris: redirectUri, scopes: 'read write' },
    });
    const { client_id, client_secret } = (await registered.json()) as { client_id: string; client_secret: string };

    const authorize = new URLSearchParams({
      client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'read write',
      state: 'journey-state',
    });
    await page.goto(`/oauth/authorize?${authorize}`);
    // Signed out: the login screen first, then back to the consent screen.
    await page.getByLabel('Username').fill(person.username);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Authorize Loopback Lifts' })).toBeVisible();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect(page.getByText('Signed in to Loopback Lifts')).toBeVisible();
    expect(received?.get('state')).toBe('journey-state');

    const exchanged = await request.post('/oauth/token', {
      form: {
        grant_type: 'authorization_code',
        code: received?.get('code') ?? '',
        redirect_uri: redirectUri,
        client_id,
        client_secret,
      },
    });
    expect(exchanged.status()).toBe(200);
    const { access_token } = (await exchanged.json()) as { access_token: string };
    const whoAmI = () =>
      request.get('/api/v1/accounts/verify_credentials', { headers: { authorization: `Bearer ${access_token}` } });
    expect(((await (await whoAmI()).json()) as { username: string }).username).toBe(person.username);

    await page.goto('/settings');
    await expect(page.getByText('Loopback Lifts (app)')).toBeVisible();
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await page.getByRole('button', { name: 'Yes, log out everywhere' }).click();
    expect((await whoAmI()).status()).toBe(401);
  } finally {
    await new Promise((resolve) => app.close(resolve));
  }
});

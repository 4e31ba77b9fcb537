import { createHash, randomBytes } from 'node:crypto';
import { apiErrors, mastodonErrors, postContentMaxLength } from '@spotter/contract';
import {
  mastodonAccountSchema,
  mastodonApplicationSchema,
  mastodonCredentialAccountSchema,
  mastodonCredentialApplicationSchema,
  mastodonErrorSchema,
  mastodonInstanceSchema,
  mastodonInstanceV1Schema,
  mastodonRelationshipSchema,
  mastodonStatusSchema,
  mastodonTokenSchema,
  oauthServerMetadataSchema,
} from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin-cli';
import { useTestApp } from './helpers/test-app';

// OAuth 2 the Mastodon way (issue 50, docs/client-api.md): apps, consent, the three grants, revoke,
// scopes, and OAuth tokens as sessions.
const t = useTestApp({ publicOrigin: 'https://spotter.example' });

const redirect = 'https://app.example/callback';
const oob = 'urn:ietf:wg:oauth:2.0:oob';
const password = 'client-api-pw-1';

const form = (url: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value])
      body.append(Array.isArray(value) ? `${name}[]` : name, item);
  }
  return t().app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: body.toString(),
  });
};
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token?: string) =>
  t().app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`,
});
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

interface App {
  client_id: string;
  client_secret: string;
}
const register = async (fields: Record<string, unknown>): Promise<App> => {
  const res = await t().call('POST', '/api/v1/apps', { body: fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** The consent step as the web app takes it: the person's session token on Spotter's own API. */
const authorize = async (spotterToken: string, query: Record<string, string>) => {
  const res = await t().call('POST', '/api/oauth/authorization', { token: spotterToken, body: query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { code: string; redirectTo: string | null };
};

let walker: { token: string; userId: string };
beforeAll(async () => {
  walker = await t().signup('oauth_walker', password);
});

describe('POST /api/v1/apps', () => {
  it('registers an app from JSON with an array of addresses, and shows its secret once', async () => {
    const res = await t().call('POST', '/api/v1/apps', {
      body: {
        client_name: 'Elk',
        redirect_uris: [redirect, oob],
        scopes: 'read write follow push',
        website: 'https://elk.zone',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const app = mastodonCredentialApplicationSchema.strict().parse(res.json());
    expect(app).toMatchObject({
      name: 'Elk',
      website: 'https://elk.zone',
      scopes: ['read', 'write', 'follow', 'push'],
      redirect_uris: [redirect, oob],
      redirect_uri: `${redirect}\n${oob}`,
      client_secret_expires_at: 0,
    });
    expect(app.client_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(app.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // The secret is kept as a hash only.
    const stored = await t()
      .db.kysely.selectFrom('oauth_apps')
      .selectAll()
      .where('client_id', '=', app.client_id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(app.client_secret);
  });

  it('registers an app from a form, with the address a string and the default scope read', async () => {
    const res = await form('/api/v1/apps', { client_name: 'Tusky', redirect_uris: 'tusky://oauth' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Tusky',
      scopes: ['read'],
      redirect_uris: ['tusky://oauth'],
      website: null,
    });
    const listed = await form('/api/v1/apps', {
      client_name: 'Two',
      redirect_uris: [redirect, oob],
      scopes: 'read:statuses',
    });
    expect(listed.json()).toMatchObject({ redirect_uris: [redirect, oob], scopes: ['read:statuses'] });
  });

  it('refuses a missing name, an unsafe address and an unknown scope with 422, storing nothing', async () => {
    const before = await t()
      .db.kysely.selectFrom('oauth_apps')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const body of [
      { redirect_uris: redirect },
      { client_name: 'Bad', redirect_uris: 'javascript:alert(1)' },
      { client_name: 'Bad', redirect_uris: 'https://app.example/cb#fragment' },
      { client_name: 'Bad', redirect_uris: 'not an address' },
      { client_name: 'Bad', redirect_uris: redirect, scopes: 'read admin:write' },
    ]) {
      const res = await t().call('POST', '/api/v1/apps', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(mastodonErrorSchema.strict().parse(res.json()).error).toMatch(/^Validation failed: /);
    }
    const after = await t()
      .db.kysely.selectFrom('oauth_apps')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('the authorization-code flow with PKCE', () => {
  it('authorizes, exchanges the code once, and the token verifies and lists as a session with the app’s name', async () => {
    const app = await register({
      client_name: 'Phanpy',
      redirect_uris: redirect,
      scopes: 'read write',
      website: 'https://phanpy.social',
    });
    const query = { client_id: app.client_id, redirect_uri: redirect, response_type: 'code', scope: 'read write' };

    const consent = await t().call('GET', `/api/oauth/authorization?${new URLSearchParams(query)}`, {
      token: walker.token,
    });
    expect(consent.statusCode, consent.body).toBe(200);
    expect(consent.json()).toEqual({
      app: { name: 'Phanpy', website: 'https://phanpy.social' },
      scopes: ['read', 'write'],
      redirectUri: redirect,
      outOfBand: false,
    });

    const { verifier, challenge } = pkce();
    const approved = await authorize(walker.token, {
      ...query,
      state: 'xyz 1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const target = new URL(approved.redirectTo ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(redirect);
    expect(target.searchParams.get('code')).toBe(approved.code);
    expect(target.searchParams.get('state')).toBe('xyz 1');

    // A wrong verifier spends the code: a code is good for one exchange, right or wrong.
    const wrong = await form('/oauth/token', {
      grant_type: 'authorization_code',
      code: approved.code,
      redirect_uri: redirect,
      client_id: app.client_id,
      client_secret: app.client_secret,
      code_verifier: pkce().verifier,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'code_verifier does not match the code_challenge.',
    });

    const again = await authorize(walker.token, { ...query, code_challenge: challenge, code_challenge_method: 'S256' });
    // A public client (no secret) with PKCE, credentials in the body, the form Mastodon's apps send.
    const exchange = () =>
      form('/oauth/token', {
        grant_type: 'authorization_code',
        code: again.code,
        redirect_uri: redirect,
        client_id: app.client_id,
        code_verifier: verifier,
      });
    const res = await exchange();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = mastodonTokenSchema.strict().parse(res.json());
    expect(token).toMatchObject({ token_type: 'Bearer', scope: 'read write', expires_in: t().config.tokenTtlSeconds });
    expect((await exchange()).json().error).toBe('invalid_grant');

    const verified = await get('/api/v1/apps/verify_credentials', token.access_token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(mastodonApplicationSchema.strict().parse(verified.json())).toMatchObject({
      name: 'Phanpy',
      scopes: ['read', 'write'],
    });

    const account = await get('/api/v1/accounts/verify_credentials', token.access_token);
    expect(account.statusCode, account.body).toBe(200);
    expect(mastodonCredentialAccountSchema.strict().parse(account.json())).toMatchObject({
      id: walker.userId,
      username: 'oauth_walker',
      acct: 'oauth_walker',
      url: 'https://spotter.example/profilepage/oauth_walker',
    });

    // Spotter's own API has no scopes: it does not take an app's token.
    const ownApi = await t().call('GET', '/api/users/me/sessions', { token: token.access_token });
    expect(ownApi.statusCode).toBe(401);
    expect(ownApi.json()).toEqual({ errors: [apiErrors.invalidToken] });

    const sessions = (await t().call('GET', '/api/users/me/sessions', { token: walker.token })).json().sessions;
    const appSessions = sessions.filter((s: { appName: string | null }) => s.appName === 'Phanpy');
    expect(appSessions).toHaveLength(1);
    expect(sessions.find((s: { current: boolean }) => s.current).appName).toBeNull();

    // Revoked in Settings, the app's token ends at once.
    const revoked = await t().call('DELETE', `/api/users/me/sessions/${appSessions[0]._id}`, { token: walker.token });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await get('/api/v1/apps/verify_credentials', token.access_token)).statusCode).toBe(401);
  });

  it('with the out-of-band address, answers the code to show instead of a redirect; Basic credentials work', async () => {
    const app = await register({ client_name: 'Ivory', redirect_uris: oob, scopes: 'read' });
    const approved = await authorize(walker.token, { client_id: app.client_id, redirect_uri: oob });
    expect(approved.redirectTo).toBeNull();
    const res = await form(
      '/oauth/token',
      { grant_type: 'authorization_code', code: approved.code, redirect_uri: oob },
      basic(app.client_id, app.client_secret),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().scope).toBe('read');
  });

  it('refuses a consent for an unknown app, an address the app did not register, or wider scopes', async () => {
    const app = await register({ client_name: 'Narrow', redirect_uris: redirect, scopes: 'read' });
    const ask = (query: Record<string, string>) =>
      t().call('GET', `/api/oauth/authorization?${new URLSearchParams(query)}`, { token: walker.token });
    expect((await ask({ client_id: 'nobody', redirect_uri: redirect })).json()).toEqual({
      errors: [apiErrors.oauthUnknownApp],
    });
    const elsewhere = await ask({ client_id: app.client_id, redirect_uri: 'https://evil.example/cb' });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toEqual({ errors: [apiErrors.oauthRedirectMismatch] });
    const wider = await ask({ client_id: app.client_id, redirect_uri: redirect, scope: 'read write' });
    expect(wider.json()).toEqual({ errors: [apiErrors.oauthScopeInvalid] });
    expect(
      (await ask({ client_id: app.client_id, redirect_uri: redirect, code_challenge_method: 'plain' })).statusCode,
    ).toBe(400);
    // Signed out, the consent is Spotter's 401: the web app shows its login screen first.
    expect(
      (
        await t().call(
          'GET',
          `/api/oauth/authorization?${new URLSearchParams({ client_id: app.client_id, redirect_uri: redirect })}`,
        )
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a wrong secret, an unknown grant type and a code without PKCE from a public client', async () => {
    const app = await register({ client_name: 'Strict', redirect_uris: redirect });
    const wrongSecret = await form('/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.client_id,
      client_secret: 'nope',
    });
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json().error).toBe('invalid_client');
    expect((await form('/oauth/token', { grant_type: 'password', client_id: app.client_id })).json().error).toBe(
      'unsupported_grant_type',
    );
    expect((await form('/oauth/token', {})).json()).toEqual({
      error: 'invalid_request',
      error_description: 'grant_type is missing.',
    });
    const approved = await authorize(walker.token, { client_id: app.client_id, redirect_uri: redirect });
    const publicNoPkce = await form('/oauth/token', {
      grant_type: 'authorization_code',
      code: approved.code,
      redirect_uri: redirect,
      client_id: app.client_id,
    });
    expect(publicNoPkce.statusCode).toBe(401);
  });
});

describe('scopes, other grants and revocation', () => {
  let app: App;
  const personToken = async (scope: string) => {
    const approved = await authorize(walker.token, { client_id: app.client_id, redirect_uri: redirect, scope });
    const res = await form('/oauth/token', {
      grant_type: 'authorization_code',
      code: approved.code,
      redirect_uri: redirect,
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access_token: string; refresh_token: string };
  };
  beforeAll(async () => {
    app = await register({ client_name: 'Scoped', redirect_uris: redirect, scopes: 'read write follow profile' });
  });

  it('a token without the scope a call needs gets 403 in Mastodon’s shape; no token gets 401', async () => {
    const statusesOnly = await personToken('read:statuses');
    const refused = await get('/api/v1/accounts/verify_credentials', statusesOnly.access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: mastodonErrors.outsideScopes });
    // Mastodon 4.3's `profile` is enough to learn who signed in.
    const profileOnly = await personToken('profile');
    expect((await get('/api/v1/accounts/verify_credentials', profileOnly.access_token)).statusCode).toBe(200);
    const anonymous = await get('/api/v1/accounts/verify_credentials');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: mastodonErrors.invalidToken });
    expect((await get('/api/v1/accounts/verify_credentials', 'forged.token.here')).json()).toEqual({
      error: mastodonErrors.invalidToken,
    });
  });

  it('client_credentials gives the app a token of its own: it verifies the app but is no person', async () => {
    const res = await form(
      '/oauth/token',
      { grant_type: 'client_credentials', scope: 'read' },
      basic(app.client_id, app.client_secret),
    );
    expect(res.statusCode, res.body).toBe(200);
    const token = mastodonTokenSchema.strict().parse(res.json());
    expect(token.refresh_token).toBeUndefined();
    expect((await get('/api/v1/apps/verify_credentials', token.access_token)).json().name).toBe('Scoped');
    const person = await get('/api/v1/accounts/verify_credentials', token.access_token);
    expect(person.statusCode).toBe(422);
    expect(person.json()).toEqual({ error: mastodonErrors.userRequired });
    const wider = await form(
      '/oauth/token',
      { grant_type: 'client_credentials', scope: 'push' },
      basic(app.client_id, app.client_secret),
    );
    expect(wider.json().error).toBe('invalid_scope');
    // Revoked, it stops working.
    const revoked = await form('/oauth/revoke', { token: token.access_token }, basic(app.client_id, app.client_secret));
    expect(revoked.statusCode).toBe(200);
    expect((await get('/api/v1/apps/verify_credentials', token.access_token)).statusCode).toBe(401);
  });

  it('a refresh token rotates the session: the old token and refresh token end, the new ones work', async () => {
    const first = await personToken('read');
    const refresh = () =>
      form('/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        client_id: app.client_id,
        client_secret: app.client_secret,
      });
    const res = await refresh();
    expect(res.statusCode, res.body).toBe(200);
    const second = mastodonTokenSchema.strict().parse(res.json());
    expect(second.scope).toBe('read');
    expect((await get('/api/v1/accounts/verify_credentials', first.access_token)).statusCode).toBe(401);
    expect((await get('/api/v1/accounts/verify_credentials', second.access_token)).statusCode).toBe(200);
    expect((await refresh()).json().error).toBe('invalid_grant');
  });

  it('revoke ends a person’s token at once, answers 200 for an unknown one, and another app cannot revoke it', async () => {
    const token = await personToken('read');
    const other = await register({ client_name: 'Other', redirect_uris: redirect });
    expect(
      (
        await form('/oauth/revoke', {
          token: token.access_token,
          client_id: other.client_id,
          client_secret: other.client_secret,
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/api/v1/accounts/verify_credentials', token.access_token)).statusCode).toBe(200);
    const res = await form('/oauth/revoke', {
      token: token.access_token,
      client_id: app.client_id,
      client_secret: app.client_secret,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await get('/api/v1/accounts/verify_credentials', token.access_token)).statusCode).toBe(401);
    expect(
      (
        await form('/oauth/revoke', {
          token: 'never-issued',
          client_id: app.client_id,
          client_secret: app.client_secret,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('"log out everywhere" and a password change end the app’s tokens too', async () => {
    const person = await t().signup('oauth_leaver', password);
    const ask = async (spotterToken: string) => {
      const approved = await authorize(spotterToken, { client_id: app.client_id, redirect_uri: redirect });
      return (
        await form('/oauth/token', {
          grant_type: 'authorization_code',
          code: approved.code,
          redirect_uri: redirect,
          client_id: app.client_id,
          client_secret: app.client_secret,
        })
      ).json().access_token as string;
    };
    const appToken = await ask(person.token);
    expect((await get('/api/v1/accounts/verify_credentials', appToken)).statusCode).toBe(200);
    expect((await t().call('POST', '/api/users/me/sessions/revoke-all', { token: person.token })).statusCode).toBe(200);
    expect((await get('/api/v1/accounts/verify_credentials', appToken)).statusCode).toBe(401);

    const fresh = await t().login('oauth_leaver', password);
    const second = await ask(fresh.token);
    const changed = await t().call('POST', '/api/users/password', {
      token: fresh.token,
      body: { currentPassword: password, newPassword: 'client-api-pw-2' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get('/api/v1/accounts/verify_credentials', second)).statusCode).toBe(401);

    // Erasure takes the account's app tokens with it.
    const last = await t().login('oauth_leaver', 'client-api-pw-2');
    const third = await ask(last.token);
    const erased = await t().call('POST', '/api/users/me/delete', {
      token: last.token,
      body: { password: 'client-api-pw-2' },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await get('/api/v1/accounts/verify_credentials', third)).statusCode).toBe(401);
  });
});

describe('accounts: one by id, follow, unfollow, relationships', () => {
  it('shows an account to anyone, follows and unfollows with write:follows, and tells the relationship', async () => {
    const app = await register({ client_name: 'Social', redirect_uris: oob, scopes: 'read write' });
    const tokenFor = async (spotterToken: string, scope: string) => {
      const approved = await authorize(spotterToken, { client_id: app.client_id, redirect_uri: oob, scope });
      const res = await form(
        '/oauth/token',
        { grant_type: 'authorization_code', code: approved.code, redirect_uri: oob },
        basic(app.client_id, app.client_secret),
      );
      return res.json().access_token as string;
    };
    const friend = await t().signup('oauth_friend', password);
    const reader = await tokenFor(walker.token, 'read');
    const writer = await tokenFor(walker.token, 'read write');
    const post = (url: string, token: string) => t().app.inject({ method: 'POST', url, headers: bearer(token) });

    const shown = await get(`/api/v1/accounts/${friend.userId}`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(mastodonAccountSchema.strict().parse(shown.json())).toMatchObject({
      id: friend.userId,
      acct: 'oauth_friend',
      followers_count: 0,
    });
    expect((await get('/api/v1/accounts/00000000-0000-4000-8000-000000000000')).json()).toEqual({
      error: mastodonErrors.notFound,
    });

    expect((await post(`/api/v1/accounts/${friend.userId}/follow`, reader)).statusCode).toBe(403);
    const followed = await post(`/api/v1/accounts/${friend.userId}/follow`, writer);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(mastodonRelationshipSchema.strict().parse(followed.json())).toMatchObject({
      id: friend.userId,
      following: true,
      followed_by: false,
    });
    // Again: Mastodon's follow is idempotent.
    expect((await post(`/api/v1/accounts/${friend.userId}/follow`, writer)).json().following).toBe(true);
    expect((await get(`/api/v1/accounts/${friend.userId}`, reader)).json().followers_count).toBe(1);
    // Spotter's own API sees the same follow, and the friend was told.
    const followers = await t().call('GET', '/api/users/oauth_friend/followers');
    expect(JSON.stringify(followers.json())).toContain('oauth_walker');

    const related = await get(`/api/v1/accounts/relationships?id[]=${friend.userId}&id[]=nobody`, reader);
    expect(related.statusCode, related.body).toBe(200);
    expect(related.json()).toHaveLength(1);
    expect(mastodonRelationshipSchema.strict().parse(related.json()[0])).toMatchObject({
      following: true,
      blocking: false,
      muting: false,
    });
    expect((await get(`/api/v1/accounts/relationships?id=${friend.userId}`, reader)).json()).toHaveLength(1);

    const unfollowed = await post(`/api/v1/accounts/${friend.userId}/unfollow`, writer);
    expect(unfollowed.statusCode).toBe(200);
    expect(unfollowed.json().following).toBe(false);
    expect((await post(`/api/v1/accounts/${friend.userId}/unfollow`, writer)).json().following).toBe(false);
    expect((await post(`/api/v1/accounts/${walker.userId}/follow`, writer)).statusCode).toBe(403);

    // Someone who blocks the caller is not shown to them, as everywhere in Spotter.
    expect((await t().call('POST', `/api/users/block/${walker.userId}`, { token: friend.token })).statusCode).toBe(200);
    expect((await get(`/api/v1/accounts/${friend.userId}`, reader)).statusCode).toBe(404);
    expect((await get(`/api/v1/accounts/relationships?id[]=${friend.userId}`, reader)).json()).toEqual([]);
    expect((await post(`/api/v1/accounts/${friend.userId}/follow`, writer)).statusCode).toBe(404);
  });
});

describe('statuses: post, read, delete', () => {
  it('posts with write:statuses only, in Mastodon’s visibilities, and shows and deletes the Status', async () => {
    const app = await register({ client_name: 'Poster', redirect_uris: oob, scopes: 'read write' });
    const tokenFor = async (scope: string) => {
      const approved = await authorize(walker.token, { client_id: app.client_id, redirect_uri: oob, scope });
      const res = await form(
        '/oauth/token',
        { grant_type: 'authorization_code', code: approved.code, redirect_uri: oob },
        basic(app.client_id, app.client_secret),
      );
      return res.json().access_token as string;
    };
    const reader = await tokenFor('read');
    const writer = await tokenFor('write:statuses read:statuses');

    const refused = await form('/api/v1/statuses', { status: 'from a read token' }, bearer(reader));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: mastodonErrors.outsideScopes });

    const posted = await form(
      '/api/v1/statuses',
      { status: 'Deadlift day <3\n#legs', visibility: 'private' },
      bearer(writer),
    );
    expect(posted.statusCode, posted.body).toBe(200);
    const status = mastodonStatusSchema.strict().parse(posted.json());
    expect(status).toMatchObject({
      content: '<p>Deadlift day &lt;3<br>#legs</p>',
      visibility: 'private',
      favourites_count: 0,
      account: { id: walker.userId, username: 'oauth_walker' },
      url: `https://spotter.example/postpage/${status.id}`,
    });
    // The same post in Spotter's own API, followers-only.
    const own = await t().call('GET', `/api/posts/${status.id}`, { token: walker.token });
    expect(own.json().post).toMatchObject({ content: 'Deadlift day <3\n#legs', visibility: 'followers' });

    // Public posts are read without a token; followers-only ones are not found by strangers.
    const open = (
      await form('/api/v1/statuses', { status: 'Open gym', visibility: 'unlisted' }, bearer(writer))
    ).json();
    expect(open.visibility).toBe('public');
    expect((await get(`/api/v1/statuses/${open.id}`)).json().content).toBe('<p>Open gym</p>');
    expect((await get(`/api/v1/statuses/${status.id}`)).statusCode).toBe(404);
    expect((await get(`/api/v1/statuses/${status.id}`, reader)).statusCode).toBe(200);

    const refusals: Record<string, string | string[]>[] = [
      { status: '' },
      { status: 'x', visibility: 'everyone' },
      { status: 'x', in_reply_to_id: open.id },
      { status: 'x', media_ids: ['1'] },
    ];
    for (const fields of refusals) {
      const bad = await form('/api/v1/statuses', fields, bearer(writer));
      expect(bad.statusCode, JSON.stringify(fields)).toBe(422);
      expect(bad.json().error).toMatch(/^Validation failed: /);
    }

    const someoneElse = await t().signup('oauth_other_poster', password);
    const theirs = await t().call('POST', '/api/posts', {
      token: someoneElse.token,
      body: { postData: { content: 'mine' } },
    });
    const theirId = theirs.json().posts.find((p: { content: string }) => p.content === 'mine')._id as string;
    const notMine = await t().app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${theirId}`,
      headers: bearer(writer),
    });
    expect(notMine.statusCode).toBe(404);
    expect((await get(`/api/v1/statuses/${theirId}`)).statusCode).toBe(200);

    const deleted = await t().app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${open.id}`,
      headers: bearer(writer),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(mastodonStatusSchema.strict().parse(deleted.json()).text).toBe('Open gym');
    expect((await get(`/api/v1/statuses/${open.id}`)).statusCode).toBe(404);
    const readerDelete = await t().app.inject({
      method: 'DELETE',
      url: `/api/v1/statuses/${status.id}`,
      headers: bearer(reader),
    });
    expect(readerDelete.statusCode).toBe(403);
  });
});

describe('a suspension', () => {
  it('ends the suspended person’s app tokens', async () => {
    const app = await register({ client_name: 'Watched', redirect_uris: oob });
    const suspect = await t().signup('oauth_suspect', password);
    const approved = await authorize(suspect.token, { client_id: app.client_id, redirect_uri: oob });
    const token = (
      await form(
        '/oauth/token',
        { grant_type: 'authorization_code', code: approved.code, redirect_uri: oob },
        basic(app.client_id, app.client_secret),
      )
    ).json().access_token as string;
    expect((await get('/api/v1/accounts/verify_credentials', token)).statusCode).toBe(200);

    await runAdminCommand(t().db, t().config, ['grant', 'oauth_walker']);
    await t().call('POST', '/api/reports', {
      token: walker.token,
      body: { report: { userId: suspect.userId, reason: 'spam' } },
    });
    const cases = (await t().call('GET', '/api/admin/reports?limit=100', { token: walker.token })).json().reports as {
      _id: string;
      target: { _id: string };
    }[];
    const open = cases.find((c) => c.target._id === suspect.userId);
    const resolved = await t().call('POST', `/api/admin/reports/${open?._id}/resolve`, {
      token: walker.token,
      body: { action: 'suspend_user' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await get('/api/v1/accounts/verify_credentials', token)).statusCode).toBe(401);
  });
});

describe('discovery and the instance', () => {
  it('describes the instance in v1 and v2, with a Mastodon compatibility version and Spotter’s limits', async () => {
    const v2 = await get('/api/v2/instance');
    expect(v2.statusCode, v2.body).toBe(200);
    const instance = mastodonInstanceSchema.strict().parse(v2.json());
    expect(instance.version).toBe('4.3.0 (compatible; Spotter 1.0.0)');
    expect(instance.domain).toBe('spotter.example');
    expect(instance.api_versions).toEqual({ mastodon: 2 });
    expect(instance.configuration.statuses).toMatchObject({
      max_characters: postContentMaxLength,
      max_media_attachments: 1,
    });
    expect(instance.configuration.media_attachments.image_size_limit).toBe(t().config.media.maxImageBytes);
    expect(instance.usage.users.active_month).toBeGreaterThanOrEqual(1);

    const v1 = await get('/api/v1/instance');
    expect(v1.statusCode, v1.body).toBe(200);
    const old = mastodonInstanceV1Schema.strict().parse(v1.json());
    expect(old).toMatchObject({ uri: 'spotter.example', version: instance.version, registrations: true });
    expect(old.stats.user_count).toBe(instance.usage.users.active_month);

    const peers = await get('/api/v1/instance/peers');
    expect(peers.statusCode).toBe(200);
    expect(peers.json()).toEqual([]);
  });

  it('serves RFC 8414 metadata naming the endpoints and PKCE S256', async () => {
    const res = await get('/.well-known/oauth-authorization-server');
    expect(res.statusCode).toBe(200);
    expect(oauthServerMetadataSchema.strict().parse(res.json())).toMatchObject({
      issuer: 'https://spotter.example/',
      authorization_endpoint: 'https://spotter.example/oauth/authorize',
      token_endpoint: 'https://spotter.example/oauth/token',
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('answers unknown client API paths with Mastodon’s 404, and preflights from any origin', async () => {
    const res = await get('/api/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: mastodonErrors.notFound });
    const preflight = await t().app.inject({
      method: 'OPTIONS',
      url: '/oauth/token',
      headers: { origin: 'https://elk.zone', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });
});

import { apiErrors, type OauthAuthorization, routes } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { leaveFor } from '../lib/leave';
import { AuthorizeRoute } from './authorize';

vi.mock('../lib/leave', async (original) => ({
  ...(await original<typeof import('../lib/leave')>()),
  leaveFor: vi.fn(),
}));

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
  vi.mocked(leaveFor).mockReset();
});

const redirect = 'https://app.example/callback';
const oob = 'urn:ietf:wg:oauth:2.0:oob';

/** The consent calls as apps/server/tests/client-api-oauth.test.ts pins them. */
function stubServer(redirectUri: string) {
  const consent: OauthAuthorization = {
    app: { name: 'Phanpy', website: 'https://phanpy.social' },
    scopes: ['read', 'write:statuses'],
    redirectUri,
    outOfBand: redirectUri === oob,
  };
  return stubApi((call) => {
    if (isCall(call, routes.oauthAuthorization)) {
      if (call.query.get('client_id') !== 'phanpy') return jsonResponse(404, { errors: [apiErrors.oauthUnknownApp] });
      return jsonResponse(200, consent);
    }
    if (isCall(call, routes.approveOauthAuthorization)) {
      const code = 'the-code';
      return jsonResponse(200, {
        code,
        redirectTo: redirectUri === oob ? null : `${redirectUri}?code=${code}&state=s1`,
      });
    }
    return undefined;
  });
}

const open = (query: Record<string, string>) => {
  signInAs(testUser());
  return renderRoutes(
    [
      { path: paths.oauthAuthorize, Component: AuthorizeRoute },
      { path: paths.home, element: <h1>Home feed</h1> },
    ],
    `${paths.oauthAuthorize}?${new URLSearchParams(query)}`,
  );
};

describe('the OAuth consent screen (/oauth/authorize)', () => {
  it('names the app and what it asks for; Authorize sends the request on and the browser to the app', async () => {
    const calls = stubServer(redirect);
    const user = userEvent.setup({ delay: null });
    const query = {
      client_id: 'phanpy',
      redirect_uri: redirect,
      scope: 'read write:statuses',
      state: 's1',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
      other: 'x',
    };
    open(query);
    expect(await screen.findByRole('heading', { name: 'Authorize Phanpy' })).toBeTruthy();
    const asked = screen.getByRole('list', { name: 'What the app asks for' });
    expect([...asked.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Read all your account’s data read',
      'Change your statuses write:statuses',
    ]);
    expect(screen.getByText(/You will then be sent back to https:\/\/app\.example/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Authorize' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith(`${redirect}?code=the-code&state=s1`));
    const { other: _other, ...sent } = query;
    expect(calls.filter((call) => isCall(call, routes.approveOauthAuthorization)).map((call) => call.body)).toEqual([
      sent,
    ]);
  });

  it('Deny sends the browser back to the app with access_denied and the state, and authorizes nothing', async () => {
    const calls = stubServer(redirect);
    const user = userEvent.setup({ delay: null });
    open({ client_id: 'phanpy', redirect_uri: redirect, state: 's1' });
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    const target = new URL(vi.mocked(leaveFor).mock.calls[0]?.[0] ?? '');
    expect(target.searchParams.get('error')).toBe('access_denied');
    expect(target.searchParams.get('state')).toBe('s1');
    expect(calls.some((call) => isCall(call, routes.approveOauthAuthorization))).toBe(false);
  });

  it('out of band, shows the code in a read-only box labelled "Authorization code"', async () => {
    stubServer(oob);
    const user = userEvent.setup({ delay: null });
    open({ client_id: 'phanpy', redirect_uri: oob });
    await user.click(await screen.findByRole('button', { name: 'Authorize' }));
    const box = (await screen.findByLabelText('Authorization code')) as HTMLInputElement;
    expect(box.value).toBe('the-code');
    expect(box.readOnly).toBe(true);
    expect(leaveFor).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of an unknown app, with no button to authorize', async () => {
    stubServer(redirect);
    open({ client_id: 'nobody', redirect_uri: redirect });
    expect((await screen.findByRole('alert')).textContent).toBe(apiErrors.oauthUnknownApp);
    expect(screen.queryByRole('button', { name: 'Authorize' })).toBeNull();
  });
});

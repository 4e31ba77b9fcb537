import { type AppealBody, apiErrors, type LoginBody, routes, sessionKeys, suspensionTexts } from '@spotter/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { LoginRoute } from './login';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const password = 'tom-real-password';

/** The server's answers for a suspended account (apps/server/tests/moderation-reasons.test.ts holds them). */
function stubServer(appealed: boolean, until: string | null = null) {
  return stubApi((call) => {
    if (isCall(call, routes.guestAccount)) return jsonResponse(200, { guest: false });
    if (isCall(call, routes.appealSuspension))
      return jsonResponse(201, { appeal: { _id: 'ap1', message: 'x', createdAt: '2026-12-01T10:00:00.000Z' } });
    if (!isCall(call, routes.login)) return undefined;
    if ((call.body as LoginBody).password !== password)
      return jsonResponse(401, { errors: [apiErrors.invalidCredentials] });
    return jsonResponse(403, {
      errors: [apiErrors.accountSuspended],
      suspension: { reason: 'spam', note: 'Selling pills.', since: '2026-12-01T09:00:00.000Z', until, appealed },
    });
  });
}

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  renderRoutes([{ path: paths.login, Component: LoginRoute }], paths.login);
  await user.type(screen.getByLabelText('Username'), 'troll_tom');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return screen.findByRole('heading', { name: suspensionTexts.title });
}

describe('the suspended screen', () => {
  it('says why, since and until when beside the server’s sentence, and sends one appeal', async () => {
    const calls = stubServer(false);
    const user = userEvent.setup({ delay: null });
    await logIn(user);
    expect(screen.getAllByText(apiErrors.accountSuspended).length).toBeGreaterThan(0);
    expect(screen.getByText('Spam or advertising: “Selling pills.”')).toBeTruthy();
    expect(screen.getByText(suspensionTexts.untilLifted)).toBeTruthy();
    expect(localStorage.getItem(sessionKeys.token)).toBeNull();

    await user.click(screen.getByRole('button', { name: suspensionTexts.send }));
    expect(screen.getByText(suspensionTexts.appealEmpty)).toBeTruthy();
    expect(calls.filter((c) => isCall(c, routes.appealSuspension))).toHaveLength(0);

    await user.type(screen.getByLabelText(suspensionTexts.appealLabel), 'It was a joke.');
    await user.click(screen.getByRole('button', { name: suspensionTexts.send }));
    expect(await screen.findByText(suspensionTexts.sent)).toBeTruthy();
    const sent = calls.filter((c) => isCall(c, routes.appealSuspension)).map((c) => c.body as AppealBody);
    expect(sent).toEqual([{ username: 'troll_tom', password, message: 'It was a joke.' }]);
    expect(screen.queryByLabelText(suspensionTexts.appealLabel)).toBeNull();

    await user.click(screen.getByRole('button', { name: suspensionTexts.back }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it('says until when a suspension for some days lasts, and offers no second appeal once one was sent', async () => {
    stubServer(true, '2026-12-08T09:00:00.000Z');
    await logIn(userEvent.setup({ delay: null }));
    expect(screen.getByText(formatDateTime('2026-12-08T09:00:00.000Z'))).toBeTruthy();
    expect(screen.queryByText(suspensionTexts.untilLifted)).toBeNull();
    expect(screen.getByText(suspensionTexts.sent)).toBeTruthy();
    expect(screen.queryByRole('button', { name: suspensionTexts.send })).toBeNull();
  });
});

import { emailErrors, emailTexts, type ForgotPasswordBody, routes } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes } from '../../../testing/render';
import { accessibleDescription } from '../../../testing/screen-facts';
import { ForgotPasswordRoute } from './forgot-password';
import { LoginRoute } from './login';
import { ResetPasswordRoute } from './reset-password';
import { VerifyEmailRoute } from './verify-email';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const screens: RouteObject[] = [
  { path: paths.login, Component: LoginRoute },
  { path: paths.forgotPassword, Component: ForgotPasswordRoute },
  { path: paths.resetPassword, Component: ResetPasswordRoute },
  { path: paths.verifyEmail, Component: VerifyEmailRoute },
];

/** The server's answers (apps/server/tests/email.test.ts holds them). */
function stubServer({ email }: { email: boolean }) {
  return stubApi((call) => {
    if (isCall(call, routes.capabilities)) return jsonResponse(200, { email });
    if (isCall(call, routes.guestAccount)) return jsonResponse(200, { guest: false });
    if (isCall(call, routes.forgotPassword)) return jsonResponse(202, { accepted: true });
    if (isCall(call, routes.verifyEmail)) {
      const { token } = call.body as { token: string };
      if (token !== 'good-token') return jsonResponse(400, { errors: [emailErrors.verifyLinkInvalid] });
      return jsonResponse(200, { email: { address: 'maya@example.org', pending: null } });
    }
    if (isCall(call, routes.resetPassword)) return jsonResponse(200, { passwordReset: true });
    return undefined;
  });
}

describe('"Forgot password?" on the login screen', () => {
  it('is there when the server can send mail, and leads to a screen that asks for the username', async () => {
    const calls = stubServer({ email: true });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(screens, paths.login);
    await user.click(await screen.findByRole('link', { name: emailTexts.forgotLink }));
    expect(router.state.location.pathname).toBe(paths.forgotPassword);

    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(accessibleDescription(screen.getByLabelText('Username'))).toBe('Enter your username.');
    expect(calls.filter((call) => isCall(call, routes.forgotPassword))).toEqual([]);

    await user.click(screen.getByLabelText('Username'));
    await user.paste('  maya_lifts ');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('status')).textContent).toContain(emailTexts.forgotSent);
    const sent = calls.filter((call) => isCall(call, routes.forgotPassword)).map((call) => call.body);
    expect(sent).toEqual([{ username: 'maya_lifts' } satisfies ForgotPasswordBody]);
  });

  it('is not there when the server has email off', async () => {
    const calls = stubServer({ email: false });
    renderRoutes(screens, paths.login);
    await waitFor(() => expect(calls.some((call) => isCall(call, routes.capabilities))).toBe(true));
    await screen.findByRole('button', { name: 'Login' });
    expect(screen.queryByRole('link', { name: emailTexts.forgotLink })).toBeNull();
  });
});

describe('the pages a mail links to', () => {
  it('verify-email verifies on a click with the token of the fragment, and says so', async () => {
    const calls = stubServer({ email: true });
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, `${paths.verifyEmail}#token=good-token`);
    // Opening the page (as a mail scanner would) verifies nothing.
    const button = await screen.findByRole('button', { name: 'Verify this email' });
    expect(calls.filter((call) => isCall(call, routes.verifyEmail))).toEqual([]);
    await user.click(button);
    expect((await screen.findByRole('status')).textContent).toContain(emailTexts.verified);
    expect(calls.filter((call) => isCall(call, routes.verifyEmail)).map((call) => call.body)).toEqual([
      { token: 'good-token' },
    ]);
  });

  it('verify-email shows the server’s sentence for a spent link, and asks for the whole link without one', async () => {
    stubServer({ email: true });
    const user = userEvent.setup({ delay: null });
    renderRoutes(screens, `${paths.verifyEmail}#token=spent-token`);
    await user.click(await screen.findByRole('button', { name: 'Verify this email' }));
    expect((await screen.findByRole('alert')).textContent).toContain(emailErrors.verifyLinkInvalid);
    cleanup();
    renderRoutes(screens, paths.verifyEmail);
    expect((await screen.findByRole('alert')).textContent).toContain(emailTexts.verifyLinkIncomplete);
  });

  it('reset-password takes the token from the fragment or, from a link written out, the query', async () => {
    for (const path of [`${paths.resetPassword}#token=mailed-token`, `${paths.resetPassword}?token=mailed-token`]) {
      const calls = stubServer({ email: true });
      const user = userEvent.setup({ delay: null });
      renderRoutes(screens, path);
      await user.click(await screen.findByLabelText('Password'));
      await user.paste('a brand new password');
      await user.click(screen.getByRole('button', { name: 'Set password' }));
      await screen.findByRole('status');
      expect(calls.filter((call) => isCall(call, routes.resetPassword)).map((call) => call.body)).toEqual([
        { token: 'mailed-token', newPassword: 'a brand new password' },
      ]);
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

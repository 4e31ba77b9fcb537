import { type AccountEmail, emailTexts, routes } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderRoutes, renderWithApp } from '../../../testing/render';
import { accessibleDescription } from '../../../testing/screen-facts';
import { signInAs, testUser } from '../../../testing/session';
import { EmailSection } from '../components/email-section';
import { SettingsRoute } from './settings';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

/** The server's answers about email (apps/server/tests/email.test.ts holds them); the rest 404. */
function stubServer({ email, start }: { email: boolean; start: AccountEmail }) {
  let current = start;
  return stubApi((call) => {
    if (isCall(call, routes.capabilities)) return jsonResponse(200, { email });
    if (isCall(call, routes.myEmail)) return jsonResponse(200, { email: current });
    if (isCall(call, routes.setEmail)) {
      const address = (call.body as { email: string }).email;
      if (!address.includes('@')) return jsonResponse(400, { errors: ['email: must be an email address'] });
      current = { ...current, pending: address };
      return jsonResponse(202, { email: current });
    }
    return undefined;
  });
}

const openSettings = () => {
  signInAs(testUser());
  return renderRoutes([{ path: paths.settings, Component: SettingsRoute }], paths.settings);
};

describe('Settings: Email', () => {
  it('adds an address: the link is mailed, and the address shows as waiting for it', async () => {
    const calls = stubServer({ email: true, start: { address: null, pending: null } });
    const user = userEvent.setup({ delay: null });
    const { container: section } = renderWithApp(<EmailSection />);
    expect(await within(section).findByText(emailTexts.noEmail)).toBeTruthy();

    await user.click(within(section).getByLabelText('Email'));
    await user.paste('maya.example.org');
    await user.click(within(section).getByRole('button', { name: 'Send verification link' }));
    await waitFor(() =>
      expect(accessibleDescription(within(section).getByLabelText('Email'))).toBe('email: must be an email address'),
    );

    await user.clear(within(section).getByLabelText('Email'));
    await user.click(within(section).getByLabelText('Email'));
    await user.paste('maya@example.org');
    await user.click(within(section).getByRole('button', { name: 'Send verification link' }));
    expect((await within(section).findByRole('status')).textContent).toContain(
      emailTexts.verificationSent('maya@example.org'),
    );
    expect(within(section).getByText(emailTexts.pending('maya@example.org'))).toBeTruthy();
    expect(calls.filter((call) => isCall(call, routes.setEmail)).map((call) => call.body)).toEqual([
      { email: 'maya.example.org' },
      { email: 'maya@example.org' },
    ]);
  });

  it('shows a verified address and one waiting beside it', async () => {
    stubServer({ email: true, start: { address: 'maya@example.org', pending: 'maya@new.example' } });
    openSettings();
    const section = await screen.findByRole('region', { name: 'Email' });
    expect(await within(section).findByText(emailTexts.verifiedAddress('maya@example.org'))).toBeTruthy();
    expect(within(section).getByText(emailTexts.pending('maya@new.example'))).toBeTruthy();
    expect(within(section).getByLabelText('New email')).toBeTruthy();
  });

  it('is not there when the server has email off', async () => {
    const calls = stubServer({ email: false, start: { address: null, pending: null } });
    openSettings();
    await screen.findByRole('region', { name: 'Change password' });
    await waitFor(() => expect(calls.some((call) => isCall(call, routes.capabilities))).toBe(true));
    expect(screen.queryByRole('region', { name: 'Email' })).toBeNull();
    expect(calls.filter((call) => isCall(call, routes.myEmail))).toEqual([]);
  });
});

import { routes, type Session } from '@spotter/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { SessionsSection } from './sessions-section';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const session = (fields: Partial<Session>): Session => ({
  _id: 'session-1',
  createdAt: '2026-12-01T10:00:00.000+00:00',
  lastSeenAt: '2026-12-06T10:00:00.000+00:00',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  ip: '127.0.0.1',
  appName: null,
  current: false,
  ...fields,
});

describe('Settings: sessions', () => {
  it('names an OAuth app’s session by its app (issue 50), and offers to revoke it', async () => {
    // The list as apps/server/tests/client-api-oauth.test.ts pins it: the app's session carries its name.
    stubApi((call) =>
      isCall(call, routes.listSessions)
        ? jsonResponse(200, {
            sessions: [
              session({ _id: 'app', appName: 'Phanpy', userAgent: 'node' }),
              session({ _id: 'here', current: true }),
            ],
          })
        : undefined,
    );
    signInAs(testUser());
    renderWithApp(<SessionsSection />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [app, here] = within(list).getAllByRole('listitem');
    expect(app?.querySelector('strong')?.textContent).toBe('Phanpy (app)');
    expect(within(app as HTMLElement).getByRole('button', { name: /^Revoke Phanpy \(app\)/ })).toBeTruthy();
    expect(here?.querySelector('strong')?.textContent).not.toContain('(app)');
  });
});

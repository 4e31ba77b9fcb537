import { routes } from '@spotter/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { BlockedServers } from './blocked-servers';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('Moderation: blocked servers (issue 49)', () => {
  it('lists the blocked and failing servers, blocks one with a reason, and unblocks one', async () => {
    let domains = [{ domain: 'spam.example', reason: 'spam', createdAt: '2026-12-06T10:00:00.000+00:00' }];
    const calls = stubApi((call) => {
      if (isCall(call, routes.blockedDomains)) {
        return jsonResponse(200, {
          domains,
          failing: [{ host: 'down.example', follows: 2, since: '2026-12-01T10:00:00.000+00:00' }],
        });
      }
      if (isCall(call, routes.blockDomain)) {
        const added = { ...(call.body as { domain: string; reason: string }), createdAt: '2026-12-07T10:00:00Z' };
        domains = [...domains, added];
        return jsonResponse(201, { domain: added, endedFollows: 3 });
      }
      if (isCall(call, routes.unblockDomain)) {
        domains = domains.filter((d) => d.domain !== 'spam.example');
        return jsonResponse(200, { domain: 'spam.example' });
      }
      return undefined;
    });
    signInAs(testUser());
    renderWithApp(<BlockedServers />);
    expect(await screen.findByText('spam.example')).toBeTruthy();
    expect(screen.getByText('down.example')).toBeTruthy();
    expect(screen.getByText(/2 follows failing since/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'bad.example' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'harassment' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block server' }));
    expect(await screen.findByText('bad.example')).toBeTruthy();
    expect(calls.find((c) => isCall(c, routes.blockDomain))?.body).toEqual({
      domain: 'bad.example',
      reason: 'harassment',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Unblock spam.example' }));
    await waitFor(() => expect(screen.queryByText('spam.example')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/blocked-domains/spam.example')).toBe(true);
  });
});

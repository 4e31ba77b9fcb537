import { routes } from '@spotter/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { FollowRequestsSection } from './follow-requests-section';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const asker = (id: string, username: string) => ({
  user: { _id: id, username, firstname: 'Ann', lastname: '', avatarUrl: '' },
  requestedAt: '2026-12-06T10:00:00.000+00:00',
});

describe('Settings: follow requests (issue 49)', () => {
  it('approves one request and rejects another, each by its own call, and empties the list', async () => {
    let waiting = [asker('a', 'ann@far.example'), asker('b', 'ben@far.example')];
    const calls = stubApi((call) => {
      if (isCall(call, routes.followRequests)) return jsonResponse(200, { requests: waiting });
      for (const [route, approved] of [
        [routes.approveFollowRequest, true],
        [routes.rejectFollowRequest, false],
      ] as const) {
        if (isCall(call, route)) {
          const userId = call.path.split('/')[5] ?? '';
          waiting = waiting.filter((r) => r.user._id !== userId);
          return jsonResponse(200, { userId, approved });
        }
      }
      return undefined;
    });
    signInAs(testUser());
    renderWithApp(<FollowRequestsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve @ann@far.example' }));
    await waitFor(() => expect(screen.queryByText('@ann@far.example')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Reject @ben@far.example' }));
    expect(await screen.findByText('Nobody is waiting for your approval.')).toBeTruthy();
    const answered = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(answered).toEqual(['/api/users/me/follow-requests/a/approve', '/api/users/me/follow-requests/b/reject']);
  });
});

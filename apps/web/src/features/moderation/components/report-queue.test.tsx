import type { ReportCase } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { jsonResponse as json, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { AuditLog } from './audit-log';
import { ReportQueue } from './report-queue';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const author = { _id: 'a1', username: 'tom', firstname: 'Tom', lastname: 'Ray', avatarUrl: '' };

const openCase = {
  _id: 'case-p1',
  target: { type: 'post', _id: 'p1', excerpt: 'Cheap pills', author, removed: false },
  reporters: [{ _id: 'r1', username: 'ana', firstname: 'Ana', lastname: 'Lee', avatarUrl: '' }],
  reasons: ['spam'],
  notes: [],
  count: 1,
  status: 'open',
  createdAt: '2026-11-24T09:00:00.000Z',
} satisfies ReportCase;

/**
 * Answers the open queue with the case until it is resolved, and an empty queue after: the case's
 * card leaves the screen as soon as the queue is refreshed. The audit log, refreshed by the same
 * action, answers later than the queue, as another moderation list on the page may (the moderator's
 * own role, the staff list). `status` is the resolve call's answer.
 */
function stubServer(status: number) {
  const resolved: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/admin/reports') {
        return json(200, { reports: resolved.length > 0 ? [] : [openCase], nextCursor: null });
      }
      if (url.pathname === '/api/admin/audit') {
        if (resolved.length > 0) await new Promise((resolve) => setTimeout(resolve, 100));
        return json(200, { entries: [], nextCursor: null });
      }
      if (url.pathname === '/api/admin/reports/case-p1/resolve' && init?.method === 'POST') {
        if (status !== 200) return json(status, { errors: ['This report is already resolved.'] });
        resolved.push(String(init.body));
        return json(200, { report: { ...openCase, status: 'resolved', action: 'remove_content' } });
      }
      return json(404, { errors: ['Not found'] });
    }),
  );
  return resolved;
}

describe('An open case of the queue', () => {
  it('asks first and takes a reason, then says what was done even though the refreshed queue no longer holds the case', async () => {
    const resolved = stubServer(200);
    const user = userEvent.setup();
    signInAs(testUser({ _id: 'mod' }));
    renderWithApp(
      <>
        <ReportQueue status="open" />
        <AuditLog />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    // Issue 47: it asks first, with the case's reason chosen; "Something else" needs the moderator's words.
    const dialog = await screen.findByRole('dialog', { name: 'Remove this post?' });
    expect(within(dialog).getByRole('radio', { name: 'Spam or advertising' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove post' }));
    expect(within(dialog).getByText('Say why in a few words.')).toBeTruthy();
    expect(resolved).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Say why/), 'Fake supplement shop');
    await user.click(within(dialog).getByRole('button', { name: 'Remove post' }));
    expect(await screen.findByText('Content removed. The reporters are told.')).toBeTruthy();
    expect(resolved.map((body) => JSON.parse(body))).toEqual([
      { action: 'remove_content', reason: 'other', note: 'Fake supplement shop' },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('report-case')).toBeNull());
    expect(screen.getByText('Nothing to review: the queue is empty.')).toBeTruthy();
  });

  it('suspends for the length the moderator picks (7 days to start with)', async () => {
    const resolved = stubServer(200);
    const user = userEvent.setup();
    signInAs(testUser({ _id: 'mod' }));
    renderWithApp(<ReportQueue status="open" />);
    await user.click(await screen.findByRole('button', { name: 'Suspend author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @tom?' });
    const length = within(dialog).getByRole('group', { name: 'How long' });
    expect(within(length).getByRole('radio', { name: '7 days' })).toHaveProperty('checked', true);
    expect(
      within(length)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['1 day', '7 days', '30 days', 'Indefinitely (until lifted)']);
    await user.click(within(length).getByRole('radio', { name: '30 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(resolved).toHaveLength(1));
    expect(JSON.parse(resolved[0] as string)).toEqual({ action: 'suspend_user', reason: 'spam', suspendDays: 30 });
  });

  it('sends no length for a suspension until lifted', async () => {
    const resolved = stubServer(200);
    const user = userEvent.setup();
    signInAs(testUser({ _id: 'mod' }));
    renderWithApp(<ReportQueue status="open" />);
    await user.click(await screen.findByRole('button', { name: 'Suspend author' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend @tom?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Indefinitely (until lifted)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(resolved).toHaveLength(1));
    expect(JSON.parse(resolved[0] as string)).toEqual({ action: 'suspend_user', reason: 'spam' });
  });

  it("shows the server's refusal and keeps the case", async () => {
    stubServer(409);
    const user = userEvent.setup();
    signInAs(testUser({ _id: 'mod' }));
    renderWithApp(<ReportQueue status="open" />);
    await user.click(await screen.findByRole('button', { name: 'Suspend author' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Suspend @tom?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss this report?' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('This report is already resolved.')).toBeTruthy();
    expect(screen.getAllByTestId('report-case')).toHaveLength(1);
  });
});

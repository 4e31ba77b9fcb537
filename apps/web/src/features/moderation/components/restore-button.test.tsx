import type { ReportCase } from '@spotter/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { jsonResponse as json, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { ReportQueue } from './report-queue';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

const author = { _id: 'a1', username: 'tom', firstname: 'Tom', lastname: 'Ray', avatarUrl: '' };

/** A resolved case of the queue, as the server answers it. */
const resolvedCase = (fields: {
  id: string;
  type: 'post' | 'comment';
  action: ReportCase['action'];
  removed: boolean;
}) =>
  ({
    _id: `case-${fields.id}`,
    target: { type: fields.type, _id: fields.id, excerpt: `Text of ${fields.id}`, author, removed: fields.removed },
    reporters: [],
    reasons: ['spam'],
    notes: [],
    count: 1,
    status: 'resolved',
    action: fields.action,
    resolvedAt: '2026-11-24T10:00:00.000Z',
    createdAt: '2026-11-24T09:00:00.000Z',
  }) satisfies ReportCase;

/** Answers the resolved queue with `cases`; records the restores sent and answers them. */
function stubServer(cases: ReportCase[]) {
  const restores: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/admin/reports') {
        // A restored target is no longer removed, as the server answers the queue after it.
        const now = cases.map((c) =>
          restores.some((path) => path.includes(`/${c.target._id}/`))
            ? { ...c, target: { ...c.target, removed: false } }
            : c,
        );
        return json(200, { reports: now, nextCursor: null });
      }
      const restore = url.pathname.match(/^\/api\/admin\/(posts|comments)\/([^/]+)\/restore$/);
      if (restore && init?.method === 'POST') {
        restores.push(url.pathname);
        return json(200, {
          restored: { type: restore[1] === 'posts' ? 'post' : 'comment', _id: restore[2], postId: 'p1', author },
        });
      }
      return json(404, { errors: ['Not found'] });
    }),
  );
  return restores;
}

const caseOf = (id: string) =>
  screen.getAllByTestId('report-case').find((el) => el.textContent?.includes(`Text of ${id}`)) as HTMLElement;

describe('Restore, on a resolved case whose content was removed', () => {
  it('is offered only where the content is still removed', async () => {
    stubServer([
      resolvedCase({ id: 'p1', type: 'post', action: 'remove_content', removed: true }),
      resolvedCase({ id: 'p2', type: 'post', action: 'remove_content', removed: false }),
      resolvedCase({ id: 'p3', type: 'post', action: 'dismiss', removed: false }),
      resolvedCase({ id: 'c1', type: 'comment', action: 'remove_content', removed: true }),
    ]);
    signInAs(testUser({ _id: 'mod' }));
    renderWithApp(<ReportQueue status="resolved" />);
    await screen.findByText('Text of p1');
    const restoreIn = (id: string) => caseOf(id).querySelectorAll('button').length;
    expect(screen.getAllByRole('button', { name: 'Restore' })).toHaveLength(2);
    expect([restoreIn('p1'), restoreIn('p2'), restoreIn('p3'), restoreIn('c1')]).toEqual([1, 0, 0, 1]);
  });

  it('asks first: Cancel (the focused button) sends nothing; Restore sends it and says so', async () => {
    const restores = stubServer([resolvedCase({ id: 'c1', type: 'comment', action: 'remove_content', removed: true })]);
    const user = userEvent.setup();
    signInAs(testUser({ _id: 'mod' }));
    renderWithApp(<ReportQueue status="resolved" />);
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this comment?' });
    expect(dialog.textContent).toContain('The comment by @tom is shown again');
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(restores).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await screen.findByRole('dialog', { name: 'Restore this comment?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(restores).toEqual([]);
  });

  it('is done from the keyboard alone', async () => {
    const restores = stubServer([resolvedCase({ id: 'p1', type: 'post', action: 'remove_content', removed: true })]);
    const user = userEvent.setup();
    signInAs(testUser({ _id: 'mod' }));
    renderWithApp(<ReportQueue status="resolved" />);
    const button = await screen.findByRole('button', { name: 'Restore' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Restore this post?' });
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(restores).toEqual(['/api/admin/posts/p1/restore']));
    expect(await screen.findByText('The post is restored.')).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    // The case, refreshed, no longer offers it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull());
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/admin/reports') {
          return json(200, {
            reports: [resolvedCase({ id: 'p1', type: 'post', action: 'remove_content', removed: true })],
            nextCursor: null,
          });
        }
        return json(409, { errors: ['This post or comment is not removed: there is nothing to restore.'] });
      }),
    );
    const user = userEvent.setup();
    signInAs(testUser({ _id: 'mod' }));
    renderWithApp(<ReportQueue status="resolved" />);
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('This post or comment is not removed: there is nothing to restore.')).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });
});

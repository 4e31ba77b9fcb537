import { routes } from '@spotter/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionMenu } from '../../../components/ui/action-menu';
import { clearSession } from '../../../lib/session';
import { jsonResponse as json, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { reportThanks } from './report-dialog';
import { useReportMenu } from './report-menu';

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

/** Records the reports sent; answers them as the server does. */
function stubServer() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === routes.createReport.path && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return json(201, {
          report: {
            _id: 'r1',
            target: { type: 'post', _id: 'p1' },
            reason: body.report.reason,
            note: '',
            createdAt: '',
          },
        });
      }
      return json(404, { errors: ['Not found'] });
    }),
  );
  return sent;
}

/** A post's "⋯" menu holding the Report item, as post cards build it. */
function PostMenu({ authorId }: { authorId: string }) {
  const report = useReportMenu({ type: 'post', id: 'p1' }, authorId);
  return (
    <>
      <ActionMenu label="Post options" items={report.items} />
      {report.dialog}
    </>
  );
}

const signIn = (id: string) => signInAs(testUser({ _id: id }));

describe('Report (a menu item and its dialog)', () => {
  it("is offered on someone else's post only, and only to a signed-in person", async () => {
    const user = userEvent.setup();
    renderWithApp(<PostMenu authorId="author" />);
    expect(screen.queryByRole('button', { name: 'Post options' })).toBeNull();
    cleanup();
    signIn('author');
    renderWithApp(<PostMenu authorId="author" />);
    expect(screen.queryByRole('button', { name: 'Post options' })).toBeNull();
    cleanup();
    signIn('reader');
    renderWithApp(<PostMenu authorId="author" />);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    expect(screen.getByRole('menuitem', { name: 'Report' })).toBeTruthy();
  });

  it('asks for a reason, sends it with the note, thanks the person and closes, all from the keyboard', async () => {
    const sent = stubServer();
    const user = userEvent.setup();
    signIn('reader');
    renderWithApp(<PostMenu authorId="author" />);
    await user.click(screen.getByRole('button', { name: 'Post options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Pick a reason.')).toBeTruthy();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'Harassment or hate' }));
    await user.type(screen.getByLabelText(/Anything the moderators should know/), ' keeps insulting me ');
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() =>
      expect(sent).toEqual([{ report: { postId: 'p1', reason: 'harassment', note: 'keeps insulting me' } }]),
    );
    expect(await screen.findByText(reportThanks)).toBeTruthy();
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });
});

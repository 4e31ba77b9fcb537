import type { CardPost } from '@spotter/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NewPostModal } from './new-post-modal';

const sent: { url: string; body: unknown }[] = [];

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ errors: ['Not found'] }), { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post: CardPost = {
  _id: 'b7d3c2a0-0000-4000-8000-000000000001',
  content: 'Deadlift 180 x 3',
  image: null,
  mediaType: null,
  alt: null,
  mediaWidth: null,
  mediaHeight: null,
  likeCount: 0,
  commentCount: 0,
  likedByMe: false,
  bookmarkedByMe: false,
  author: { _id: 'a', username: 'maya', firstname: 'Maya', lastname: 'O', avatarUrl: '/a.svg' },
  username: 'maya',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  visibility: 'public',
  photos: [],
};

function renderModal(props: { post?: CardPost; onClose?: () => void } = {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <NewPostModal open onClose={props.onClose ?? (() => {})} post={props.post} />
      <ToastContainer />
    </QueryClientProvider>,
  );
}

describe('NewPostModal', () => {
  it('writes a new post: "What\'s happening!", a media picker and Post; empty gives "Add content to post"', async () => {
    const user = userEvent.setup();
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'New Post' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByPlaceholderText("What's happening!")).toBe(document.activeElement);
    expect(screen.getByLabelText('Add a photo or video').getAttribute('type')).toBe('file');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Add content to post')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('edits a given post: filled in, reads Update, sends the change to the edit call', async () => {
    const user = userEvent.setup();
    renderModal({ post });
    screen.getByRole('dialog', { name: 'Edit Post' });
    const text = screen.getByPlaceholderText("What's happening!");
    expect((text as HTMLTextAreaElement).value).toBe('Deadlift 180 x 3');
    await user.clear(text);
    await user.type(text, 'Deadlift 185 x 3');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.url).toBe(`/api/posts/edit/${post._id}`);
    expect(sent[0]?.body).toEqual({ postData: { content: 'Deadlift 185 x 3' } });
  });

  it('closes on Escape and on its X', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderModal({ onClose });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

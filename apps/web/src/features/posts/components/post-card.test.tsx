import type { CardPost } from '@spotter/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { renderRoutes } from '../../../testing/render';
import { PostCard, type PostCardParts } from './post-card';

/** A Home entry a followed person's boost put there (issue 49) says so above the post. */

afterEach(() => cleanup());

const parts: PostCardParts = { OthersMenu: () => null, Workout: () => null };
const maya = { _id: 'u-maya', username: 'maya@gym.example', firstname: 'Maya', lastname: 'Lifts', avatarUrl: '' };
const post = {
  _id: 'b7d3c2a0-0000-4000-8000-000000000002',
  content: 'Deadlift 3 × 5 at 160 kg',
  image: null,
  mediaType: null,
  alt: null,
  mediaWidth: null,
  mediaHeight: null,
  photos: [],
  visibility: 'public',
  createdAt: '2026-12-01T08:00:00.000Z',
  updatedAt: '2026-12-01T08:00:00.000Z',
  editedAt: null,
  likeCount: 0,
  commentCount: 0,
  likedByMe: false,
  bookmarkedByMe: false,
  author: maya,
} as unknown as CardPost;

function render(shown: CardPost) {
  return renderRoutes(
    [
      { path: paths.explore, element: <PostCard post={shown} parts={parts} /> },
      { path: paths.profilePattern, element: <p>profile</p> },
    ],
    paths.explore,
  );
}

describe('a boosted post on its card', () => {
  it('shows "Boosted by <name>" above the post, linking to the booster\'s profile', async () => {
    const { router } = render({
      ...post,
      boostedBy: { _id: 'u-tom', username: 'tom@social.example', firstname: 'Tom', lastname: '', avatarUrl: '' },
    });
    const card = screen.getByTestId('post-card');
    const line = within(card).getByRole('link', { name: 'Boosted by Tom' });
    // Above the post's author.
    const author = within(card).getByRole('link', { name: /Maya Lifts/ });
    expect(line.compareDocumentPosition(author) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(line);
    expect(router.state.location.pathname).toBe(paths.profile('tom@social.example'));
  });

  it('shows no such line on a post nobody boosted', () => {
    render(post);
    expect(screen.queryByText(/Boosted by/)).toBeNull();
    expect(screen.getByText('Deadlift 3 × 5 at 160 kg')).toBeTruthy();
  });
});

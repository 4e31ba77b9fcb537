import type { CardPost, UserSummary } from '@spotter/contract';

/** maya_lifts, the author a card is by unless a test says otherwise. */
export const maya: UserSummary = {
  _id: 'u-maya',
  username: 'maya_lifts',
  firstname: 'Maya',
  lastname: 'Okafor',
  avatarUrl: '',
};

/**
 * A post card as the server answers one: public, text only, nobody's like or bookmark, never edited.
 * `more` sets what a test is about; `username` follows the author.
 */
export function cardPost(more: Partial<CardPost> = {}): CardPost {
  const author = more.author ?? maya;
  return {
    _id: 'b7d3c2a0-0000-4000-8000-000000000001',
    content: 'Squats at dawn',
    image: null,
    mediaType: null,
    alt: null,
    mediaWidth: null,
    mediaHeight: null,
    photos: [],
    likeCount: 0,
    commentCount: 0,
    likedByMe: false,
    bookmarkedByMe: false,
    username: author.username,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    editedAt: null,
    visibility: 'public',
    ...more,
    author,
  };
}

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type CardFieldsRow, toCardPost } from '../queries/cards';
import { serializePostPage } from './page-serializer';

const row = (over: Partial<CardFieldsRow>): CardFieldsRow => ({
  id: 1,
  public_id: '0b6f3c1e-4d2a-4c55-9a0e-111111111111',
  content: 'plain',
  image: null,
  media_type: null,
  alt: null,
  media_width: null,
  media_height: null,
  like_count: 0,
  comment_count: 0,
  created_at: '2026-11-24T05:00:00.000Z',
  updated_at: '2026-11-24T05:00:00.000Z',
  edited_at: null,
  workout_summary: null,
  visibility: 'public',
  row_version: 0,
  author_row_version: 0,
  author_public_id: '0b6f3c1e-4d2a-4c55-9a0e-222222222222',
  username: 'ana',
  firstname: 'Ana',
  lastname: 'Lift',
  avatar_url: '',
  ...over,
});

const cards = [
  toCardPost(row({})),
  toCardPost(
    row({
      content: 'quotes " and \\ backslash, a tab\t, a newline\n, é, 💪, a lone \ud800 surrogate, \u0001 and </script>',
      image: 'https://example.com/a.jpg',
      media_type: 'image',
      alt: 'a "bar"',
      media_width: 2048,
      media_height: 1536,
      like_count: 2147483647,
      comment_count: 12,
      edited_at: '2026-11-24T06:00:00.000Z',
      // Stored JSON: its own key order and any key the contract does not list are kept as they are.
      workout_summary: JSON.stringify({ title: 'Legs', _id: 'w1', exercises: [{ sets: 3 }], extra: [1, null] }),
      firstname: 'Zoë',
      avatar_url: '/media/a.webp',
    }),
  ),
  { ...toCardPost(row({ media_type: 'video', media_width: 0 })), likedByMe: true, bookmarkedByMe: true },
];

describe('paged post answers serialized from the contract', () => {
  it.each([
    ['a page with more after it', { posts: cards, nextCursor: 'eyJ0IjoiMjAyNiJ9' }],
    ['the last page', { posts: cards.slice(1), nextCursor: null }],
    ['an empty page', { posts: [], nextCursor: null }],
  ])('%s: the same bytes as JSON.stringify', async (_name, answer) => {
    const app = Fastify();
    app.get('/', async (_request, reply) => {
      serializePostPage(reply);
      return answer;
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify(answer));
    await app.close();
  });
});

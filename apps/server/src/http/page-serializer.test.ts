import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type CachedCard, type CardFieldsRow, toCardPost, viewerCards } from '../modules/posts';
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
  photos: null,
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
      // Several photos (issue 47): a stored JSON list, alt texts with quotes among them.
      photos: JSON.stringify([
        { url: 'https://example.com/a.jpg', alt: 'a "bar"', width: 2048, height: 1536 },
        { url: '/media/b.webp', alt: null, width: null, height: null },
      ]),
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

/** Answers `answer` from a route that serializes it as a post page; the body as the client reads it. */
async function answered(answer: unknown) {
  const app = Fastify();
  app.get('/', async (_request, reply) => {
    serializePostPage(reply);
    return answer;
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return res;
}

describe('paged post answers serialized from the contract', () => {
  it.each([
    ['a page with more after it', { posts: cards, nextCursor: 'eyJ0IjoiMjAyNiJ9' }],
    ['the last page', { posts: cards.slice(1), nextCursor: null }],
    ['an empty page', { posts: [], nextCursor: null }],
  ])('%s: the same bytes as JSON.stringify', async (_name, answer) => {
    const res = await answered(answer);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe(JSON.stringify(answer));
  });

  it("writes cached cards from their kept bytes with each viewer's flags, as JSON.stringify would", async () => {
    const entries: CachedCard[] = [
      // Text that looks like the flags, inside strings, must stay text.
      row({ id: 1, content: '"likedByMe":false,"bookmarkedByMe":false \\"likedByMe\\":false' }),
      row({ id: 2, alt: '"bookmarkedByMe":false', firstname: 'Zoë 💪' }),
      row({ id: 3, workout_summary: JSON.stringify({ likedByMe: false, bookmarkedByMe: false, title: 'Legs' }) }),
    ]
      .map((fields, i) => ({ ...fields, public_id: `0b6f3c1e-4d2a-4c55-9a0e-00000000000${i}` }))
      .map((fields) => ({
        id: fields.id,
        publicId: fields.public_id,
        version: 0,
        authorVersion: 0,
        card: toCardPost(fields),
        json: undefined,
      }));
    const flags: [boolean, boolean][] = [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ];
    // Every viewer's flags on every card, twice: the second time from the bytes kept on the entry.
    for (const round of [1, 2]) {
      for (const [liked, bookmarked] of flags) {
        const posts = viewerCards(
          entries.map((entry, i) => ({
            entry,
            likedByMe: i % 2 === 0 ? liked : bookmarked,
            bookmarkedByMe: bookmarked,
          })),
        );
        const answer = { posts, nextCursor: round === 1 ? 'eyJ0IjoiMjAyNiJ9' : null };
        const res = await answered(answer);
        expect(res.body).toBe(JSON.stringify(answer));
        expect(JSON.parse(res.body).posts.map((p: { likedByMe: boolean }) => p.likedByMe)).toEqual([
          liked,
          bookmarked,
          liked,
        ]);
      }
      expect(entries.every((entry) => typeof entry.json?.head === 'string')).toBe(true);
    }
    // A list changed after it was made (here reversed in place) is written from its cards as they are.
    const reordered = viewerCards(
      entries.map((entry, i) => ({ entry, likedByMe: i === 0, bookmarkedByMe: false })),
    ).reverse();
    const answer = { posts: reordered, nextCursor: null };
    expect((await answered(answer)).body).toBe(JSON.stringify(answer));
  });

  it('closes a kept card that has no property after its flags', async () => {
    const fields = row({ id: 9 });
    const { author, username, createdAt, updatedAt, editedAt, visibility, photos, ...head } = toCardPost(fields);
    const entry: CachedCard = {
      id: fields.id,
      publicId: fields.public_id,
      version: 0,
      authorVersion: 0,
      card: head as CachedCard['card'],
      json: undefined,
    };
    for (const bookmarked of [false, true, false]) {
      const answer = { posts: viewerCards([{ entry, likedByMe: true, bookmarkedByMe: bookmarked }]), nextCursor: null };
      expect((await answered(answer)).body).toBe(JSON.stringify(answer));
    }
    expect(entry.json?.tail).toBe('{}');
  });
});

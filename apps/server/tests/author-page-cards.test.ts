import { cardPostResponseSchema, postPageSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { forgetCards } from '../src/modules/posts/queries/card-cache';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

/**
 * A person's page not read lately reads its cards' fields with its rows (modules/posts/queries/feeds.ts
 * `authorPage`, decision 057): a card the cache lacks is made from the page's own row, not read again
 * by key; a page read lately reads its cached cards' versions only. Either way the cards must be the
 * very cards every other answer gives, cached or not.
 */
describe("a person's page makes its cards from its own rows", () => {
  it('gives the same cards as the post card answer, cold and warm, after an edit and a like', async () => {
    const author = await t().signup('rows_author');
    const viewer = await t().signup('rows_viewer');
    const made: string[] = [];
    for (const content of ['plain words', 'with an ünïcödé "quote" \\ and\nlines', 'to be edited']) {
      const res = await t().call('POST', '/api/posts', {
        token: author.token,
        headers: { prefer: 'return=minimal' },
        body: { postData: { content } },
      });
      expect(res.statusCode).toBe(201);
      made.push(cardPostResponseSchema.parse(res.json()).post._id);
    }
    const [plain, , edited] = made as [string, string, string];
    await t().call('POST', `/api/posts/like/${plain}`, { token: viewer.token });
    await t().call('POST', `/api/users/bookmark/${plain}`, { token: viewer.token });

    const page = async () =>
      postPageSchema.parse(
        (await t().call('GET', '/api/posts/user/rows_author?limit=10', { token: viewer.token })).json(),
      ).posts;
    const byKey = async (id: string) =>
      cardPostResponseSchema.parse((await t().call('GET', `/api/posts/${id}/card`, { token: viewer.token })).json())
        .post;

    forgetCards(t().db);
    const cold = await page();
    // Read again at once: read lately, its cards cached and checked by version.
    expect(await page()).toEqual(cold);
    expect(cold.map((card) => card._id)).toEqual([...made].reverse());
    expect(cold.find((card) => card._id === plain)).toMatchObject({
      likedByMe: true,
      bookmarkedByMe: true,
      likeCount: 1,
    });
    forgetCards(t().db);
    expect(await Promise.all(cold.map((card) => byKey(card._id)))).toEqual(cold);
    expect(await page()).toEqual(cold);

    // An edit raises the post's version: the cached card is out of date and made again from the row.
    const edit = await t().call('POST', `/api/posts/edit/${edited}`, {
      token: author.token,
      body: { postData: { content: 'edited words' } },
    });
    expect(edit.statusCode).toBe(201);
    const after = await page();
    expect(after.find((card) => card._id === edited)).toMatchObject({ content: 'edited words' });
    expect(after.find((card) => card._id === edited)?.editedAt).not.toBeNull();
    expect(await Promise.all(after.map((card) => byKey(card._id)))).toEqual(after);
  });
});

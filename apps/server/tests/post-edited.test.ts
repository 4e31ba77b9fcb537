import { cardPostResponseSchema, postPageSchema, postResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();
const minimal = (token: string) => ({ token, headers: { prefer: 'return=minimal' } });

describe('editedAt: when the author last edited a post (issue 18, item 14)', () => {
  it('is null until the author edits, stays null through likes, and is the same in every answer', async () => {
    const me = await t().signup('edited_author');
    const fan = await t().signup('edited_fan');
    const created = cardPostResponseSchema.parse(
      (
        await t().call('POST', '/api/posts', { ...minimal(me.token), body: { postData: { content: 'first words' } } })
      ).json(),
    ).post;
    expect(created.editedAt).toBeNull();

    // A like moves updatedAt (SPEC: every change does) but is no edit.
    const liked = cardPostResponseSchema.parse(
      (await t().call('POST', `/api/posts/like/${created._id}`, minimal(fan.token))).json(),
    ).post;
    expect(liked.editedAt).toBeNull();
    expect(Date.parse(liked.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const edit = await t().call('POST', `/api/posts/edit/${created._id}`, {
      ...minimal(me.token),
      body: { postData: { content: 'better words' } },
    });
    expect(edit.statusCode).toBe(201);
    const edited = cardPostResponseSchema.parse(edit.json()).post;
    expect(edited.editedAt).not.toBeNull();
    expect(Date.parse(edited.editedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(created.createdAt));

    const full = postResponseSchema.parse((await t().call('GET', `/api/posts/${created._id}`)).json()).post;
    expect(full.editedAt).toBe(edited.editedAt);
    const page = postPageSchema.parse(
      (await t().call('GET', `/api/posts/user/edited_author?limit=5`, { token: fan.token })).json(),
    );
    expect(page.posts[0]?.editedAt).toBe(edited.editedAt);
  });
});

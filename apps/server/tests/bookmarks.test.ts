import { apiErrors } from '@spotter/contract';
import { userResponseSchema } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { seedPost } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

describe('bookmarks (SPEC §4, §7)', () => {
  it('bookmark and remove-bookmark answer 200 with the bookmarks list; GET lists them', async () => {
    const { token, userId } = await t().signup('bookworm');
    const a = seedPost('lena-prep').id;
    const b = seedPost('mo-hips').id;
    const before = userResponseSchema.parse((await t().call('GET', `/api/users/${userId}`)).json()).user.updatedAt;

    const first = await t().call('POST', `/api/users/bookmark/${a}`, { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ bookmarks: [a] });
    // The spec's client also calls these paths with a trailing slash.
    const second = await t().call('POST', `/api/users/bookmark/${b}/`, { token });
    expect(second.json()).toEqual({ bookmarks: [a, b] });
    expect((await t().call('GET', '/api/users/bookmark', { token })).json()).toEqual({ bookmarks: [a, b] });
    expect((await t().call('GET', '/api/users/bookmark/', { token })).json()).toEqual({ bookmarks: [a, b] });

    // Their own user object carries them (only theirs: user-privacy.test.ts).
    const user = userResponseSchema.parse((await t().call('GET', `/api/users/${userId}`, { token })).json()).user;
    expect(user.bookmarks).toEqual([a, b]);
    expect(Date.parse(user.updatedAt)).toBeGreaterThan(Date.parse(before));

    const removed = await t().call('POST', `/api/users/remove-bookmark/${a}/`, { token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ bookmarks: [b] });
  });

  it("refuses a second bookmark and removing an absent one with the spec's messages", async () => {
    const { token } = await t().signup('bookmark_twice');
    const id = seedPost('dan-deload').id;
    await t().call('POST', `/api/users/bookmark/${id}`, { token });
    const twice = await t().call('POST', `/api/users/bookmark/${id}`, { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ errors: [apiErrors.alreadyBookmarked] });

    const absent = await t().call('POST', `/api/users/remove-bookmark/${seedPost('tom-hills').id}`, { token });
    expect(absent.statusCode).toBe(400);
    expect(absent.json()).toEqual({ errors: [apiErrors.notBookmarked] });
    expect((await t().call('GET', '/api/users/bookmark', { token })).json()).toEqual({ bookmarks: [id] });
  });

  it('answers 404 for an unknown post and 401 without a token', async () => {
    const { token } = await t().signup('bookmark_ghost');
    const res = await t().call('POST', '/api/users/bookmark/00000000-0000-4000-8000-000000000000', { token });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.postNotFound] });
    expect((await t().call('POST', `/api/users/bookmark/${seedPost('dan-form').id}`)).statusCode).toBe(401);
    expect((await t().call('GET', '/api/users/bookmark')).statusCode).toBe(401);
  });
});

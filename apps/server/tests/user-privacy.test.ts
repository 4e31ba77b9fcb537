import { routes } from '@spotter/contract';
import { userResponseSchema, usersResponseSchema } from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedPost } from './helpers/seed-data';
import { useTestApp } from './helpers/test-app';

const t = useTestApp();

// Issue 17, finding 5: bookmarks are private. docs/decisions/015-private-bookmarks.md
describe('bookmarks appear only in their owner’s own user object', () => {
  const post = seedPost('maya-pr').id;
  let owner: { token: string; userId: string };
  let stranger: { token: string; userId: string };

  beforeAll(async () => {
    owner = await t().signup('private_reader');
    stranger = await t().signup('curious_one');
    const res = await t().call('POST', `/api/users/bookmark/${post}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
  });

  const ownerIn = async (token?: string) => {
    const list = usersResponseSchema.parse((await t().call('GET', routes.listUsers.path, { token })).json());
    const one = userResponseSchema.parse((await t().call('GET', `/api/users/${owner.userId}`, { token })).json());
    return { fromList: list.users.find((u) => u._id === owner.userId)?.bookmarks, fromOne: one.user.bookmarks };
  };

  it('anonymous readers of /api/users and /api/users/{id} see none', async () => {
    expect(await ownerIn()).toEqual({ fromList: [], fromOne: [] });
  });

  it('another signed-in person sees none', async () => {
    expect(await ownerIn(stranger.token)).toEqual({ fromList: [], fromOne: [] });
  });

  it('the owner sees their own', async () => {
    expect(await ownerIn(owner.token)).toEqual({ fromList: [post], fromOne: [post] });
  });

  it('a follow answers the follower’s own bookmarks, not the followed person’s', async () => {
    const res = await t().call('POST', `/api/users/follow/${owner.userId}`, { token: stranger.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().followUser.bookmarks).toEqual([]);
    const back = await t().call('POST', `/api/users/follow/${stranger.userId}`, { token: owner.token });
    expect(back.json().user.bookmarks).toEqual([post]);
  });
});

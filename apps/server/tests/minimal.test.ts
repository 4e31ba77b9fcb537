import { apiErrors, type RouteName, routes } from '@spotter/contract';
import {
  cardPostResponseSchema,
  deletedPostResponseSchema,
  followMinimalResponseSchema,
  profileResponseSchema,
} from '@spotter/contract/schemas';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addPosts } from './helpers/network';
import { seedPost, seedUser } from './helpers/seed-data';
import { type CallOptions, useTestApp } from './helpers/test-app';

const t = useTestApp();
const minimal = { prefer: 'return=minimal' };

/** Mutations whose answer is already small and fixed in size, so they have no minimal form. */
const alreadyMinimal = new Set<RouteName>([
  'login', // the person and a token
  'signup', // the new person (empty lists) and a token
  'changePassword', // a token
  'uploadMedia', // the stored file's description
  'createTodo', // one todo
  'deleteTodo', // the demo list, capped at 50
  'createExercise', // the one exercise
  'createWorkout', // the one workout with its figures
  'workoutFromPost', // the one workout copied, with its figures
  'editWorkout', // the one workout with its figures
  'deleteWorkout', // the deleted workout's id
  'importWorkouts', // three counts
  'previewImport', // stores nothing: counts and the file's exercise names, which are what it is asked for
  'editTrainingSettings', // three settings
  'createComment', // the one comment
  'editComment', // the one comment
  'deleteComment', // the deleted comment
  'readNotifications', // the unread count, 0
  'logout', // { loggedOut: true }
  'revokeSession', // the sessions left, at most 50
  'revokeAllSessions', // the sessions left: none
  'blockUser', // the other person and the two flags
  'unblockUser', // the other person and the two flags
  'muteUser', // the other person and the two flags
  'unmuteUser', // the other person and the two flags
  'editAccountSettings', // one setting
  'deleteAccount', // { deleted: true }
  'createReport', // the one report
  'resolveReport', // the one case
  'appealSuspension', // the one appeal
  'approveOauthAuthorization', // the code and where it goes
  'unsuspendUser', // the one person and their role
  'restorePost', // what was restored: its id, post and author
  'restoreComment', // what was restored: its id, post and author
  'setRole', // the one person and their role
  'resetLink', // one link and its expiry
  'resetPassword', // { passwordReset: true }
  'setEmail', // { accepted: true }
  'verifyEmail', // the address and that it is verified
  'forgotPassword', // { accepted: true }
  'startTwoFactor', // the key and its otpauth URL
  'confirmTwoFactor', // ten recovery codes
  'disableTwoFactor', // { enabled: false }
  'createRoutine', // the one routine
  'editRoutine', // the one routine
  'deleteRoutine', // the deleted routine's id
  'routineFromWorkout', // the one routine
  'routineFromPost', // the one routine
]);

function expectMinimal(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['preference-applied']).toBe('return=minimal');
  return res.json();
}

describe('Prefer: return=minimal (RFC 7240)', () => {
  it('every mutation of the contract has a minimal answer, or an answer that is small already', () => {
    const mutations = (Object.keys(routes) as RouteName[]).filter((n) => routes[n].method !== 'GET');
    const withMinimal = mutations.filter((n) => 'minimal' in routes[n]).sort();
    expect(withMinimal).toEqual(
      [
        'bookmarkPost',
        'createPost',
        'deletePost',
        'dislikePost',
        'editPost',
        'editProfile',
        'followUser',
        'likePost',
        'removeBookmark',
        'unfollowUser',
      ].sort(),
    );
    expect(mutations.filter((n) => !withMinimal.includes(n)).sort()).toEqual([...alreadyMinimal].sort());
  });

  it('post mutations answer only the changed post, as the caller sees it', async () => {
    const me = await t().signup('minimal_poster');
    const call = (method: 'POST' | 'DELETE', url: string, options: CallOptions = {}) =>
      t().call(method, url, { token: me.token, headers: minimal, ...options });

    const created = expectMinimal(
      await call('POST', '/api/posts', { body: { postData: { content: 'Deadlift day' } } }),
      201,
    );
    const { post } = cardPostResponseSchema.strict().parse(created);
    expect(post).toMatchObject({ content: 'Deadlift day', likeCount: 0, likedByMe: false, username: 'minimal_poster' });
    expect(post.author._id).toBe(me.userId);

    const edited = expectMinimal(
      await call('POST', `/api/posts/edit/${post._id}`, { body: { postData: { content: 'Deadlift PR day' } } }),
      201,
    );
    expect(cardPostResponseSchema.strict().parse(edited).post).toMatchObject({
      _id: post._id,
      content: 'Deadlift PR day',
    });

    const liked = expectMinimal(await call('POST', `/api/posts/like/${post._id}`), 201);
    expect(cardPostResponseSchema.strict().parse(liked).post).toMatchObject({
      _id: post._id,
      likeCount: 1,
      likedByMe: true,
    });
    const disliked = expectMinimal(await call('POST', `/api/posts/dislike/${post._id}`), 201);
    expect(cardPostResponseSchema.strict().parse(disliked).post).toMatchObject({ likeCount: 0, likedByMe: false });

    const bookmarked = expectMinimal(await call('POST', `/api/users/bookmark/${post._id}`), 200);
    expect(cardPostResponseSchema.strict().parse(bookmarked).post).toMatchObject({
      _id: post._id,
      bookmarkedByMe: true,
    });
    const unbookmarked = expectMinimal(await call('POST', `/api/users/remove-bookmark/${post._id}/`), 200);
    expect(cardPostResponseSchema.strict().parse(unbookmarked).post.bookmarkedByMe).toBe(false);

    const deleted = expectMinimal(await call('DELETE', `/api/posts/${post._id}`), 201);
    expect(deletedPostResponseSchema.strict().parse(deleted)).toEqual({ deletedPostId: post._id });
    expect((await t().call('GET', `/api/posts/${post._id}`)).statusCode).toBe(404);
  });

  it('follow, unfollow and profile edits answer only the profiles that changed', async () => {
    const me = await t().signup('minimal_follower');
    const maya = seedUser('maya');
    const before = (await t().call('GET', `/api/users/profile/${maya.username}`)).json().profile;

    const followed = expectMinimal(
      await t().call('POST', `/api/users/follow/${maya.id}`, { token: me.token, headers: minimal }),
      200,
    );
    const both = followMinimalResponseSchema.strict().parse(followed);
    expect(both.user).toMatchObject({ _id: me.userId, followingCount: 1, followerCount: 0 });
    expect(both.followUser).toMatchObject({
      _id: maya.id,
      followerCount: before.followerCount + 1,
      followedByMe: true,
    });
    expect(both.user).not.toHaveProperty('followers');

    const unfollowed = expectMinimal(
      await t().call('POST', `/api/users/unfollow/${maya.id}/`, { token: me.token, headers: minimal }),
      200,
    );
    expect(followMinimalResponseSchema.strict().parse(unfollowed).followUser).toMatchObject({
      followerCount: before.followerCount,
      followedByMe: false,
    });

    const edited = expectMinimal(
      await t().call('POST', '/api/users/edit', {
        token: me.token,
        headers: minimal,
        body: { userData: { bio: 'Squats and sunshine', website: 'https://example.com' } },
      }),
      201,
    );
    expect(profileResponseSchema.strict().parse(edited).profile).toMatchObject({
      _id: me.userId,
      bio: 'Squats and sunshine',
      website: 'https://example.com',
    });
  });

  it('the minimal answer stays the same size however many posts the network holds', async () => {
    const me = await t().signup('minimal_size');
    const post = seedPost('maya-pr').id;
    const like = async (headers: Record<string, string>) => {
      const res = await t().call('POST', `/api/posts/like/${post}`, { token: me.token, headers });
      await t().call('POST', `/api/posts/dislike/${post}`, { token: me.token });
      return res;
    };
    const smallMinimal = (await like(minimal)).body.length;
    const smallFull = (await like({})).body.length;
    await addPosts(t().db, me.userId, 40);
    expect((await like(minimal)).body.length).toBe(smallMinimal);
    expect((await like({})).body.length).toBeGreaterThan(smallFull);
  });

  it('is recognised among other preferences and in any case; other preferences keep the spec answer', async () => {
    const me = await t().signup('minimal_prefs');
    const post = seedPost('dan-deload').id;
    const among = await t().call('POST', `/api/users/bookmark/${post}`, {
      token: me.token,
      headers: { prefer: 'respond-async, Return=Minimal' },
    });
    expect(cardPostResponseSchema.parse(expectMinimal(among, 200)).post.bookmarkedByMe).toBe(true);

    for (const prefer of [undefined, 'return=representation', 'return=minimalist']) {
      const res = await t().call('POST', `/api/users/remove-bookmark/${post}`, {
        token: me.token,
        headers: prefer ? { prefer } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['preference-applied']).toBeUndefined();
      expect(res.json()).toEqual({ bookmarks: [] });
      await t().call('POST', `/api/users/bookmark/${post}`, { token: me.token });
    }
  });

  it('a refused mutation answers its error, applies no preference and changes nothing', async () => {
    const me = await t().signup('minimal_refused');
    const post = seedPost('kai-swings').id;
    await t().call('POST', `/api/posts/like/${post}`, { token: me.token });
    const res = await t().call('POST', `/api/posts/like/${post}`, { token: me.token, headers: minimal });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ errors: [apiErrors.alreadyLiked] });
    expect(res.headers['preference-applied']).toBeUndefined();
    const card = (await t().call('GET', `/api/posts/${post}/card`, { token: me.token })).json().post;
    expect(card).toMatchObject({ likedByMe: true });

    const notMine = await t().call('DELETE', `/api/posts/${post}`, { token: me.token, headers: minimal });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json()).toEqual({ errors: [apiErrors.cannotDeletePost] });
    expect((await t().call('GET', `/api/posts/${post}`)).statusCode).toBe(200);
  });
});

import { apiErrors } from '@spotter/contract';
import {
  cardPostResponseSchema,
  commentPageSchema,
  postPageSchema,
  postResponseSchema,
  postsResponseSchema,
  profileResponseSchema,
  userResponseSchema,
  usersResponseSchema,
} from '@spotter/contract/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUpPerson } from './helpers/people';
import { type Person, useTestApp } from './helpers/test-app';

/**
 * Issue 45, findings 11, 12 and 15: what a person sees of others in lists and counts follows the
 * visibility rule too (blocks either way, a post turned private, posts and comments one may not see).
 */
const t = useTestApp();

const get = (url: string, who?: Person) => t().call('GET', url, who ? { token: who.token } : {});
const post = (url: string, who: Person, body?: unknown) =>
  t().call('POST', url, { token: who.token, body, headers: { prefer: 'return=minimal' } });

async function newPost(author: Person, content: string, visibility = 'public'): Promise<string> {
  const res = await post('/api/posts', author, { postData: { content, visibility } });
  expect(res.statusCode, res.body).toBe(201);
  return cardPostResponseSchema.parse(res.json()).post._id;
}

async function comment(who: Person, postId: string, content: string): Promise<string> {
  const res = await post(`/api/posts/${postId}/comments`, who, { commentData: { content } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comment._id as string;
}

const names = (people: { username: string }[]) => people.map((p) => p.username).sort();

describe('finding 11: a block hides the other person from third-party likedBy and follow arrays', () => {
  let blocker: Person;
  let blocked: Person;
  let third: Person;
  let bystander: Person;
  let postId = '';

  beforeAll(async () => {
    blocker = await signUpPerson(t(), 'pe11_blocker');
    blocked = await signUpPerson(t(), 'pe11_blocked');
    third = await signUpPerson(t(), 'pe11_third');
    bystander = await signUpPerson(t(), 'pe11_bystander');
    postId = await newPost(third, 'a third person’s post');
    // Both sides of the coming block like the third person's post and follow them both ways.
    for (const who of [blocker, blocked, bystander]) {
      expect((await post(`/api/posts/like/${postId}`, who)).statusCode).toBe(201);
      expect((await post(`/api/users/follow/${third.userId}`, who)).statusCode).toBe(200);
      expect((await post(`/api/users/follow/${who.userId}`, third)).statusCode).toBe(200);
    }
    expect((await post(`/api/users/block/${blocked.userId}`, blocker)).statusCode).toBe(200);
  });

  /** Whom the viewer finds in the post's likedBy and in the third person's follow arrays, by every read. */
  async function seenBy(viewer?: Person) {
    const one = postResponseSchema.parse((await get(`/api/posts/${postId}`, viewer)).json()).post;
    const all = postsResponseSchema.parse((await get('/api/posts', viewer)).json()).posts;
    const listed = all.find((p) => p._id === postId);
    const byUser = postsResponseSchema.parse((await get(`/api/posts/user/${third.username}`, viewer)).json()).posts;
    const user = userResponseSchema.parse((await get(`/api/users/${third.userId}`, viewer)).json()).user;
    const users = usersResponseSchema.parse((await get('/api/users', viewer)).json()).users;
    const fromList = users.find((u) => u._id === third.userId);
    return {
      likedBy: [
        names(one.likes.likedBy),
        names(listed?.likes.likedBy ?? []),
        names(byUser.find((p) => p._id === postId)?.likes.likedBy ?? []),
      ],
      followers: [names(user.followers), names(fromList?.followers ?? [])],
      following: [names(user.following), names(fromList?.following ?? [])],
    };
  }

  const expectSeen = (seen: Awaited<ReturnType<typeof seenBy>>, people: Person[]) => {
    const expected = names(people);
    expect(seen).toEqual({
      likedBy: [expected, expected, expected],
      followers: [expected, expected],
      following: [expected, expected],
    });
  };

  it('the blocked person no longer sees the blocker there (GET /api/posts/{id}, /api/posts, /api/users, /api/users/{id})', async () => {
    expectSeen(await seenBy(blocked), [blocked, bystander]);
  });

  it('nor the blocker the person they blocked', async () => {
    expectSeen(await seenBy(blocker), [blocker, bystander]);
  });

  it('everyone else still sees both, and likeCount stays the public figure', async () => {
    expectSeen(await seenBy(bystander), [blocker, blocked, bystander]);
    expectSeen(await seenBy(), [blocker, blocked, bystander]);
    const one = postResponseSchema.parse((await get(`/api/posts/${postId}`, blocked)).json()).post;
    expect(one.likes.likeCount).toBe(3);
  });

  it('after the unblock, both see each other again', async () => {
    expect((await post(`/api/users/unblock/${blocked.userId}`, blocker)).statusCode).toBe(200);
    expectSeen(await seenBy(blocked), [blocker, blocked, bystander]);
  });
});

describe('finding 12: a post turned private leaves its bookmarkers and commenters', () => {
  let author: Person;
  let reader: Person;
  let postId = '';
  let commentId = '';

  beforeAll(async () => {
    author = await signUpPerson(t(), 'pe12_author');
    reader = await signUpPerson(t(), 'pe12_reader');
    postId = await newPost(author, 'public for now');
    expect((await post(`/api/users/bookmark/${postId}`, reader)).statusCode).toBe(200);
    commentId = await comment(reader, postId, 'first words');
    const res = await post(`/api/posts/edit/${postId}`, author, { postData: { visibility: 'private' } });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("is gone from the bookmarker's own user object (GET /api/users/{id}, /api/users), as from GET /api/users/bookmark", async () => {
    const own = userResponseSchema.parse((await get(`/api/users/${reader.userId}`, reader)).json()).user;
    const users = usersResponseSchema.parse((await get('/api/users', reader)).json()).users;
    expect(own.bookmarks).toEqual([]);
    expect(users.find((u) => u._id === reader.userId)?.bookmarks).toEqual([]);
    expect((await get('/api/users/bookmark', reader)).json().bookmarks).toEqual([]);
  });

  it("a commenter's edit of their comment on it is a 404, and the comment keeps its words", async () => {
    const res = await post(`/api/comments/edit/${commentId}`, reader, { commentData: { content: 'changed' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [apiErrors.commentNotFound] });
    const thread = commentPageSchema.parse((await get(`/api/posts/${postId}/comments?limit=10`, author)).json());
    expect(thread.comments.map((c) => c.content)).toEqual(['first words']);
  });

  it('made public again, the bookmark and the edit come back', async () => {
    const res = await post(`/api/posts/edit/${postId}`, author, { postData: { visibility: 'public' } });
    expect(res.statusCode).toBe(201);
    const own = userResponseSchema.parse((await get(`/api/users/${reader.userId}`, reader)).json()).user;
    expect(own.bookmarks).toEqual([postId]);
    const edit = await post(`/api/comments/edit/${commentId}`, reader, { commentData: { content: 'changed' } });
    expect(edit.statusCode, edit.body).toBe(201);
  });
});

describe('finding 15: counts are of what the viewer can see', () => {
  let author: Person;
  let follower: Person;
  let stranger: Person;
  let viewer: Person;
  let friend: Person;
  let blockedOne: Person;
  let mutedOne: Person;
  let blocksViewer: Person;
  let postId = '';

  beforeAll(async () => {
    author = await signUpPerson(t(), 'pe15_author');
    follower = await signUpPerson(t(), 'pe15_follower');
    stranger = await signUpPerson(t(), 'pe15_stranger');
    viewer = await signUpPerson(t(), 'pe15_viewer');
    friend = await signUpPerson(t(), 'pe15_friend');
    blockedOne = await signUpPerson(t(), 'pe15_blocked');
    mutedOne = await signUpPerson(t(), 'pe15_muted');
    blocksViewer = await signUpPerson(t(), 'pe15_blocks_viewer');
    for (const who of [follower, viewer]) {
      expect((await post(`/api/users/follow/${author.userId}`, who)).statusCode).toBe(200);
    }
    await newPost(author, 'for my followers', 'followers');
    await newPost(author, 'for me', 'private');
    postId = await newPost(author, 'for everyone #pe15talk');
    // Five comments: the friend's, two of the person the viewer will block (one a reply to the
    // friend), one of the person they will mute, one of someone who will block the viewer.
    const friendly = await comment(friend, postId, 'nice');
    await comment(blockedOne, postId, 'hidden one');
    const reply = await post(`/api/posts/${postId}/comments`, blockedOne, {
      commentData: { content: 'hidden reply', replyTo: friendly },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    await comment(mutedOne, postId, 'muted one');
    await comment(blocksViewer, postId, 'blocks the viewer');
    expect((await post(`/api/users/block/${blockedOne.userId}`, viewer)).statusCode).toBe(200);
    expect((await post(`/api/users/mute/${mutedOne.userId}`, viewer)).statusCode).toBe(200);
    expect((await post(`/api/users/block/${viewer.userId}`, blocksViewer)).statusCode).toBe(200);
    await t().app.fanout.idle();
  });

  it("a profile's post count counts only the posts the viewer may see", async () => {
    const countFor = async (who?: Person) =>
      profileResponseSchema.parse((await get(`/api/users/profile/${author.username}`, who)).json()).profile.postCount;
    expect(await countFor(author)).toBe(3);
    expect(await countFor(follower)).toBe(2);
    expect(await countFor(stranger)).toBe(1);
    expect(await countFor()).toBe(1);
    // A follow's answer (the two profiles) counts the same way.
    const follow = await post(`/api/users/follow/${author.userId}`, stranger);
    expect(follow.json().followUser.postCount).toBe(2);
    expect((await post(`/api/users/unfollow/${author.userId}`, stranger)).statusCode).toBe(200);
  });

  /** The post's comment count on every read that shows it, as `who` sees it. */
  async function commentCounts(who?: Person) {
    const inPage = async (url: string) => {
      const page = postPageSchema.parse((await get(url, who)).json());
      return page.posts.find((p) => p._id === postId)?.commentCount;
    };
    const all = postsResponseSchema.parse((await get('/api/posts', who)).json()).posts;
    return {
      card: cardPostResponseSchema.parse((await get(`/api/posts/${postId}/card`, who)).json()).post.commentCount,
      post: postResponseSchema.parse((await get(`/api/posts/${postId}`, who)).json()).post.commentCount,
      allPosts: all.find((p) => p._id === postId)?.commentCount,
      explore: await inPage('/api/posts?limit=50'),
      profilePosts: await inPage(`/api/posts/user/${author.username}?limit=10`),
      tag: await inPage('/api/tags/pe15talk/posts?limit=10'),
      ...(who ? { home: await inPage('/api/feed?limit=10') } : {}),
    };
  }
  const everywhere = (n: number, signedIn: boolean) => ({
    card: n,
    post: n,
    allPosts: n,
    explore: n,
    profilePosts: n,
    tag: n,
    ...(signedIn ? { home: n } : {}),
  });

  it("a post's comment count leaves out the comments the viewer cannot see (blocked either way, muted), on every read", async () => {
    // Read twice by others first: from its second page a card's JSON is kept, with everyone's count.
    for (let i = 0; i < 2; i++) expect(await commentCounts(follower)).toEqual(everywhere(5, true));
    expect(await commentCounts()).toEqual(everywhere(5, false));
    for (let i = 0; i < 2; i++) expect(await commentCounts(viewer)).toEqual(everywhere(1, true));
    const thread = commentPageSchema.parse((await get(`/api/posts/${postId}/comments?limit=50`, viewer)).json());
    expect(thread.comments).toHaveLength(1);
    expect(await commentCounts(follower)).toEqual(everywhere(5, true));
  });

  it('an unmute and an unblock count their comments again', async () => {
    expect((await post(`/api/users/unmute/${mutedOne.userId}`, viewer)).statusCode).toBe(200);
    expect((await post(`/api/users/unblock/${blockedOne.userId}`, viewer)).statusCode).toBe(200);
    expect(await commentCounts(viewer)).toEqual(everywhere(4, true));
  });
});

import type { APIRequestContext } from '@playwright/test';
import type { CardPost } from '@spotter/contract';

/** Creates a post through the API as the owner of `token`; answers the new post as a card. */
export async function createPostViaApi(
  request: APIRequestContext,
  token: string,
  postData: { content: string; image?: string; mediaType?: 'image' | 'video' },
): Promise<CardPost> {
  const response = await request.post('/api/posts', {
    headers: { authorization: token, prefer: 'return=minimal' },
    data: { postData },
  });
  if (response.status() !== 201) throw new Error(`create post: ${response.status()} ${await response.text()}`);
  return (await response.json()).post;
}

/** Many posts, a few requests at a time (the machine is small and shared). */
export async function createPostsViaApi(request: APIRequestContext, token: string, contents: string[]) {
  const batch = 10;
  for (let i = 0; i < contents.length; i += batch) {
    await Promise.all(contents.slice(i, i + batch).map((content) => createPostViaApi(request, token, { content })));
  }
}

export async function likeViaApi(request: APIRequestContext, token: string, postId: string) {
  const response = await request.post(`/api/posts/like/${postId}`, {
    headers: { authorization: token, prefer: 'return=minimal' },
  });
  if (response.status() !== 201) throw new Error(`like: ${response.status()} ${await response.text()}`);
}

export async function followViaApi(request: APIRequestContext, token: string, userId: string) {
  const response = await request.post(`/api/users/follow/${userId}`, {
    headers: { authorization: token, prefer: 'return=minimal' },
  });
  if (response.status() !== 200) throw new Error(`follow: ${response.status()} ${await response.text()}`);
}

/** A second account made through the API only (the page's session stays with the first). */
export async function signUpViaApi(request: APIRequestContext, prefix: string) {
  const username = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const response = await request.post('/api/auth/signup', {
    data: { firstname: 'Other', lastname: 'Lifter', username, password: 'squat-bench-deadlift-9' },
  });
  if (response.status() !== 201) throw new Error(`signup: ${response.status()} ${await response.text()}`);
  const body = await response.json();
  return { username, token: body.encodedToken as string, user: body.createdUser as { _id: string } };
}

import { createTokens } from '../../apps/server/src/auth/tokens';
import { benchTags, discussionEvery, discussionOffset } from '../generate/conversation';
import { likerPool, type NetworkSize, postId, userId, username } from '../generate/network';
import { Prng } from '../generate/prng';
import type { LoadRequest } from '../load/run-load';

/**
 * Issue 14's reads under load: a post's comment page, one's notifications page and a tag's page, of
 * 1,000 different signed-in people (never one token), 20 items each, as the web app asks for them.
 */
export type ConversationScenario = 'comments' | 'notifications' | 'tagPage';

export const conversationTitles: Record<ConversationScenario, string> = {
  comments: 'comment page (20 of a 20-60 comment thread)',
  notifications: 'notifications page',
  tagPage: 'tag page',
};

export async function conversationScenarios(
  size: NetworkSize,
  jwtSecret: string,
): Promise<Record<ConversationScenario, LoadRequest[]>> {
  const tokens = createTokens(new TextEncoder().encode(jwtSecret), 86_400);
  const pick = new Prng(17);
  const viewerTokens: string[] = [];
  for (let i = 0; i < 1_000; i++) {
    const u = likerPool + pick.int(size.users - likerPool);
    viewerTokens.push(await tokens.sign({ _id: userId(u), username: username(u), ver: 0 }));
  }
  const prng = new Prng(19);
  const viewer = () => viewerTokens[prng.int(viewerTokens.length)] ?? '';
  const get = (path: () => string): LoadRequest => ({
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: path(), headers: { authorization: viewer() } }),
  });
  const discussions = Math.floor((size.posts - discussionOffset - 1) / discussionEvery) + 1;
  return {
    comments: [
      get(() => `/api/posts/${postId(prng.int(discussions) * discussionEvery + discussionOffset)}/comments?limit=20`),
    ],
    notifications: [get(() => '/api/notifications?limit=20')],
    tagPage: [get(() => `/api/tags/${prng.pick(benchTags)}/posts?limit=20`)],
  };
}

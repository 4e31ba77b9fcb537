import { createTokens } from '../apps/server/src/auth/tokens';
import { benchPassword, likerPool, type NetworkSize, postId, userId, username } from './generate/network';
import { Prng } from './generate/prng';
import type { LoadRequest } from './load';

export type ScenarioName = 'feed' | 'explore' | 'profile' | 'likeUnlike' | 'search' | 'login';

export const scenarioTitles: Record<ScenarioName, string> = {
  feed: 'home feed page',
  explore: 'explore page',
  profile: 'profile page',
  likeUnlike: 'like + unlike',
  search: 'user search',
  login: 'login (argon2id, slow on purpose)',
};

/** What the web app asks for a page: the first 20 cards. */
export const pageSize = 20;

/** Substrings of generated usernames, 3 to 6 characters, as people type them. */
const searches = [
  'lift',
  'iron',
  'run_c',
  'queen',
  'squat',
  'trail',
  'coach',
  'yoga_f',
  'row',
  'rep_c',
  'kettle',
  'box_a',
];

/**
 * The requests of each scenario. Every request is drawn from a seeded generator, so two runs send the
 * same sequence; people are drawn from those who like nothing in the generated network (likerPool)
 * up to the last one.
 */
export async function buildScenarios(
  size: NetworkSize,
  jwtSecret: string,
): Promise<Record<ScenarioName, LoadRequest[]>> {
  const tokens = createTokens(new TextEncoder().encode(jwtSecret), 86_400);
  // The rule: many viewers, never one token (a per-viewer cache must not be what is measured).
  const viewers = 1_000;
  const pick = new Prng(7);
  const viewerTokens: string[] = [];
  for (let i = 0; i < viewers; i++) {
    const u = likerPool + pick.int(size.users - likerPool);
    viewerTokens.push(await tokens.sign({ _id: userId(u), username: username(u), ver: 0 }));
  }
  const likerTokens: string[] = [];
  for (let u = 0; u < likerPool; u++)
    likerTokens.push(await tokens.sign({ _id: userId(u), username: username(u), ver: 0 }));

  const prng = new Prng(11);
  const viewer = () => viewerTokens[prng.int(viewerTokens.length)] ?? '';
  const get = (path: () => string, token?: () => string): LoadRequest => ({
    method: 'GET',
    setupRequest: (request) => ({
      ...request,
      path: path(),
      headers: token ? { authorization: token() } : ({} as Record<string, string>),
    }),
  });
  let nextLiker = 0;
  const likerOf = (context: Record<string, unknown>) => {
    if (typeof context.liker !== 'number') context.liker = nextLiker++ % likerPool;
    return likerTokens[context.liker as number] ?? '';
  };

  return {
    feed: [get(() => `/api/feed?limit=${pageSize}`, viewer)],
    explore: [get(() => `/api/posts?limit=${pageSize}`, viewer)],
    profile: [get(() => `/api/posts/user/${username(prng.int(size.users))}?limit=${pageSize}`, viewer)],
    // One person per connection likes a post and takes the like back, as the web app does (minimal answers).
    likeUnlike: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          context.post = postId(prng.int(size.posts));
          return {
            ...request,
            path: `/api/posts/like/${context.post}`,
            headers: { authorization: likerOf(context), prefer: 'return=minimal' },
          };
        },
      },
      {
        method: 'POST',
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/posts/dislike/${context.post}`,
          headers: { authorization: likerOf(context), prefer: 'return=minimal' },
        }),
      },
    ],
    search: [get(() => `/api/users/search?q=${prng.pick(searches)}`)],
    login: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: username(prng.int(size.users)), password: benchPassword }),
        }),
      },
    ],
  };
}

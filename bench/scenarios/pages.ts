import { createTokens } from '../../apps/server/src/auth/tokens';
import { benchPassword, likerPool, Network, type NetworkSize, postId, userId, username } from '../generate/network';
import { Prng } from '../generate/prng';
import type { LoadRequest } from '../load/run-load';

export type ScenarioName = 'feed' | 'clientHome' | 'explore' | 'profile' | 'likeUnlike' | 'search' | 'mixed' | 'login';

export const scenarioTitles: Record<ScenarioName, string> = {
  feed: 'home feed page',
  clientHome: 'client API home timeline page (Mastodon)',
  explore: 'explore page',
  profile: 'profile page',
  likeUnlike: 'like + unlike',
  search: 'user search',
  mixed: 'mixed: 95 % home feed reads, 5 % posts, likes and follows',
  login: 'login (argon2id, slow on purpose)',
};

/** How the mixed scenario's posts begin (put-back-postgres.ts finds them by it). */
export const mixedPostPrefix = 'mixed load post ';

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
    // Issue 50: the same page of the same viewers through the Mastodon client API (a login's token
    // holds every scope), judged against the feed's CPU.
    clientHome: [
      get(
        () => `/api/v1/timelines/home?limit=${pageSize}`,
        () => `Bearer ${viewer()}`,
      ),
    ],
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
    mixed: [mixedRequest(size, viewer, likerTokens)],
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

/**
 * The mixed scenario's one request, drawn anew each time: 95 % home feed pages of many viewers, the
 * rest split between new posts, likes (taken back the next time the same pair comes up) and follows
 * (undone likewise), by the people who like nothing in the generated network. Who follows whom is
 * known from the network's plan, so a follow is never refused.
 */
function mixedRequest(size: NetworkSize, viewer: () => string, likerTokens: string[]): LoadRequest {
  const draw = new Prng(13);
  const network = new Network(size);
  const following = new Set<string>();
  for (let u = 0; u < likerPool; u++) for (const v of network.followees[u] ?? []) following.add(`${u}:${v}`);
  const liked = new Set<string>();
  let posted = 0;
  return {
    method: 'GET',
    setupRequest: (request) => {
      const r = draw.next();
      if (r < 0.95)
        return { ...request, method: 'GET', path: `/api/feed?limit=${pageSize}`, headers: { authorization: viewer() } };
      const u = draw.int(likerPool);
      const headers = {
        authorization: likerTokens[u] ?? '',
        prefer: 'return=minimal',
        'content-type': 'application/json',
      };
      if (r < 0.967) {
        const body = JSON.stringify({ postData: { content: `${mixedPostPrefix}${posted++}` } });
        return { ...request, method: 'POST', path: '/api/posts', headers, body };
      }
      if (r < 0.984) {
        const p = draw.int(size.posts);
        const key = `${u}:${p}`;
        const undo = liked.delete(key);
        if (!undo) liked.add(key);
        return {
          ...request,
          method: 'POST',
          path: `/api/posts/${undo ? 'dislike' : 'like'}/${postId(p)}`,
          headers,
          body: undefined,
        };
      }
      let v = draw.int(size.users);
      if (v === u) v = (v + 1) % size.users;
      const key = `${u}:${v}`;
      const undo = following.delete(key);
      if (!undo) following.add(key);
      return {
        ...request,
        method: 'POST',
        path: `/api/users/${undo ? 'unfollow' : 'follow'}/${userId(v)}`,
        headers,
        body: undefined,
      };
    },
  };
}

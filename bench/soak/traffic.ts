import type { Account } from '../../apps/server/tests/helpers/write-load';

/**
 * What the soak's traffic did, kept so the database can be checked afterwards. Likes and follows are
 * toggles; each (person, post) or (person, person) pair belongs to exactly one connection, whose
 * requests go one after the other, so the last answer of a pair says what the database must hold.
 */
export interface SoakLedger {
  pairs: Map<string, { lastSent: number; answered?: { seq: number; on: boolean } }>;
  /** Ids of posts answered 201. */
  createdPosts: string[];
  /** 2xx answers per kind of write. */
  writes: Record<string, number>;
  clock: number;
}

export interface ConnectionPlan {
  request: {
    setupRequest: (req: Record<string, unknown>) => Record<string, unknown>;
    onResponse: (status: number, body: string) => void;
  };
}

interface Traffic {
  connections: number;
  accounts: Account[];
  /** Posts that exist when the soak starts: what the likes are about. */
  postIds: string[];
  ledger: SoakLedger;
}

/** Six reads to four writes, as a timeline is read more than it is written. */
const cycle = ['explore', 'like', 'feed', 'profile', 'follow', 'card', 'post', 'search', 'like', 'userPosts'] as const;

export function planConnection(index: number, traffic: Traffic): ConnectionPlan {
  const { accounts, postIds, ledger } = traffic;
  const me = accounts[index % accounts.length] as Account;
  // Connections that act as the same person share out the posts and people they like and follow.
  const groups = Math.ceil(traffic.connections / accounts.length);
  const group = Math.floor(index / accounts.length) % groups;
  const myPosts = postIds.filter((_, i) => i % groups === group);
  const myTargets = accounts.filter((a, i) => i % groups === group && a.id !== me.id);
  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;
  const auth = { authorization: me.token };
  const write = { ...auth, 'content-type': 'application/json', prefer: 'return=minimal' };

  let step = 0;
  let current: { kind: string; key?: string; on?: boolean; seq: number } = { kind: 'none', seq: 0 };

  const toggle = (
    key: string,
    kind: 'like' | 'follow',
    path: (on: boolean) => string,
    req: Record<string, unknown>,
  ) => {
    const pair = ledger.pairs.get(key) ?? { lastSent: 0 };
    ledger.pairs.set(key, pair);
    const on = !(pair.answered?.on ?? false);
    current = { kind: on ? kind : `un${kind}`, key, on, seq: ++ledger.clock };
    pair.lastSent = current.seq;
    return { ...req, method: 'POST', path: path(on), headers: write, body: '{}' };
  };

  const setupRequest = (req: Record<string, unknown>) => {
    const op = cycle[step++ % cycle.length];
    current = { kind: op ?? 'none', seq: ++ledger.clock };
    switch (op) {
      case 'like': {
        if (!myPosts.length) break;
        const postId = pick(myPosts);
        return toggle(
          `like:${me.id}:${postId}`,
          'like',
          (on) => `/api/posts/${on ? 'like' : 'dislike'}/${postId}`,
          req,
        );
      }
      case 'follow': {
        if (!myTargets.length) break;
        const other = pick(myTargets);
        return toggle(
          `follow:${me.id}:${other.id}`,
          'follow',
          (on) => `/api/users/${on ? 'follow' : 'unfollow'}/${other.id}`,
          req,
        );
      }
      case 'post': {
        const body = JSON.stringify({ postData: { content: `soak ${index}-${step}: squats, 5 × 5` } });
        return { ...req, method: 'POST', path: '/api/posts', headers: write, body };
      }
      case 'feed':
        return { ...req, method: 'GET', path: '/api/feed?limit=20', headers: auth, body: undefined };
      case 'profile':
        return {
          ...req,
          method: 'GET',
          path: `/api/users/profile/${pick(accounts).username}`,
          headers: auth,
          body: undefined,
        };
      case 'card':
        return { ...req, method: 'GET', path: `/api/posts/${pick(postIds)}/card`, headers: auth, body: undefined };
      case 'search':
        return {
          ...req,
          method: 'GET',
          path: `/api/users/search?q=${me.username.slice(0, 5)}`,
          headers: {},
          body: undefined,
        };
      case 'userPosts':
        return {
          ...req,
          method: 'GET',
          path: `/api/posts/user/${pick(accounts).username}?limit=20`,
          headers: {},
          body: undefined,
        };
    }
    return { ...req, method: 'GET', path: '/api/posts?limit=20', headers: {}, body: undefined };
  };

  const onResponse = (status: number, body: string) => {
    if (status < 200 || status >= 300) return;
    const { kind, key, on, seq } = current;
    if (kind === 'post') {
      ledger.createdPosts.push((JSON.parse(body) as { post: { _id: string } }).post._id);
    } else if (key !== undefined && on !== undefined) {
      const pair = ledger.pairs.get(key);
      if (pair) pair.answered = { seq, on };
    } else {
      return;
    }
    ledger.writes[kind] = (ledger.writes[kind] ?? 0) + 1;
  };

  return { request: { setupRequest, onResponse } };
}

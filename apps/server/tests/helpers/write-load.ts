/**
 * A write load over real HTTP (sign-ups, posts, likes, follows) that remembers every write the server
 * answered 2xx, so a test can prove afterwards that none of them was lost.
 */

export interface Account {
  id: string;
  username: string;
  token: string;
}

/** When a write was answered, on the load's logical clock (see `tick`). */
interface Answered {
  answeredAt: number;
}

export interface AnsweredWrites {
  users: ({ id: string; username: string } & Answered)[];
  posts: ({ id: string; authorId: string; content: string } & Answered)[];
  likes: ({ postId: string; userId: string } & Answered)[];
  follows: ({ followerId: string; followeeId: string } & Answered)[];
}

/** The writes answered before a moment of the load's clock. */
export function answeredBefore(answered: AnsweredWrites, tick: number): AnsweredWrites {
  const before = <T extends Answered>(list: T[]) => list.filter((w) => w.answeredAt < tick);
  return {
    users: before(answered.users),
    posts: before(answered.posts),
    likes: before(answered.likes),
    follows: before(answered.follows),
  };
}

/** One write: its order of sending and, if the server answered 2xx, of answering. */
export interface WriteEvent {
  sentAt: number;
  answeredAt?: number;
  kind: keyof AnsweredWrites;
  key: string;
}

export interface WriteLoad {
  answered: AnsweredWrites;
  events: WriteEvent[];
  /** Count of writes answered 2xx so far. */
  answeredCount(): number;
  /** Resolves once `n` writes in all have been answered 2xx. */
  waitForAnswered(n: number): Promise<void>;
  /** A logical clock, for telling which writes were sent or answered before an outside event. */
  tick(): number;
  /** Stops sending; resolves when every worker has got its last answer or error. */
  stop(): Promise<void>;
}

const json = { 'content-type': 'application/json' };

export async function signupAccount(baseUrl: string, username: string): Promise<Account> {
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ firstname: 'Load', lastname: 'Test', username, password: 'load-test-password' }),
  });
  if (res.status !== 201) throw new Error(`signup ${username}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { createdUser: { _id: string }; encodedToken: string };
  return { id: body.createdUser._id, username, token: body.encodedToken };
}

/**
 * Starts `workers` loops that each keep one write in flight: mostly posts and likes, some follows and
 * now and then a sign-up (slow: argon2). Network errors (the server was killed) end nothing: the write's
 * outcome is unknown, so it is simply not counted as answered.
 */
export function startWriteLoad(baseUrl: string, accounts: Account[], options: { workers: number; tag: string }) {
  const answered: AnsweredWrites = { users: [], posts: [], likes: [], follows: [] };
  const events: WriteEvent[] = [];
  const postIds: string[] = [];
  const likeKeys = new Set<string>();
  const followKeys = new Set<string>();
  let clock = 0;
  let stopped = false;
  let count = 0;
  const waiters: { n: number; resolve: () => void }[] = [];

  const record = (event: WriteEvent, ok: boolean, add: (answeredAt: number) => void) => {
    if (!ok) return;
    event.answeredAt = ++clock;
    add(event.answeredAt);
    count += 1;
    for (const waiter of [...waiters]) {
      if (count >= waiter.n) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const send = async (
    kind: WriteEvent['kind'],
    key: string,
    path: string,
    token: string | undefined,
    body?: unknown,
  ) => {
    const event: WriteEvent = { sentAt: ++clock, kind, key };
    events.push(event);
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...json, prefer: 'return=minimal', ...(token ? { authorization: token } : {}) },
        body: JSON.stringify(body ?? {}),
      });
      const text = await res.text();
      return { event, status: res.status, body: text ? JSON.parse(text) : undefined };
    } catch {
      return { event, status: 0, body: undefined };
    }
  };

  const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

  const worker = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      const me = pick(accounts);
      const op = i % 20 === 19 ? 'signup' : i % 4 === 0 ? 'follow' : i % 4 === 1 && postIds.length ? 'like' : 'post';
      if (op === 'post') {
        const content = `${options.tag} ${w}-${i} by ${me.username}`;
        const r = await send('posts', content, '/api/posts', me.token, { postData: { content } });
        record(r.event, r.status === 201, (answeredAt) => {
          postIds.push(r.body.post._id);
          answered.posts.push({ id: r.body.post._id, authorId: me.id, content, answeredAt });
        });
      } else if (op === 'like') {
        const postId = pick(postIds);
        const key = `${postId}:${me.id}`;
        if (likeKeys.has(key)) continue;
        likeKeys.add(key);
        const r = await send('likes', key, `/api/posts/like/${postId}`, me.token);
        record(r.event, r.status === 201, (answeredAt) => answered.likes.push({ postId, userId: me.id, answeredAt }));
      } else if (op === 'follow') {
        const other = pick(accounts);
        const key = `${me.id}:${other.id}`;
        if (other.id === me.id || followKeys.has(key)) continue;
        followKeys.add(key);
        const r = await send('follows', key, `/api/users/follow/${other.id}`, me.token);
        record(r.event, r.status === 200, (answeredAt) =>
          answered.follows.push({ followerId: me.id, followeeId: other.id, answeredAt }),
        );
      } else {
        const username = `${options.tag}${w}x${i}`.slice(0, 30);
        const r = await send('users', username, '/api/auth/signup', undefined, {
          firstname: 'Load',
          lastname: 'Test',
          username,
          password: 'load-test-password',
        });
        record(r.event, r.status === 201, (answeredAt) =>
          answered.users.push({ id: r.body.createdUser._id, username, answeredAt }),
        );
      }
    }
  };

  const running = Array.from({ length: options.workers }, (_, w) => worker(w));
  const load: WriteLoad = {
    answered,
    events,
    answeredCount: () => count,
    waitForAnswered: (n) =>
      count >= n ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ n, resolve })),
    tick: () => ++clock,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
  return load;
}

import { presetAvatars } from '@spotter/contract';
import { type ActorRow, type CommentRow, ConversationPlan, type NotificationRow, type TagRow } from './conversation';
import { Prng, permutation, uuidOf, Zipf } from './prng';
import { firstTrainee, type TraineeHistory, traineeHistory, trainees } from './training';
import { bios, endings, firstnames, handleEnds, handleStarts, lastnames, middles, openings } from './words';

/**
 * Raise when the generated network changes in any way: cached databases carry it in their name and
 * are rebuilt. (4: passwords hashed with decision 054's settings; 5: the trainees' routines, issue 46.)
 */
export const generatorVersion = 5;

export interface NetworkSize {
  name: string;
  users: number;
  posts: number;
  /** Average people each person follows (the total is about users × this). */
  followsPerUser: number;
  /** Average likes per post (the total is about posts × this). */
  likesPerPost: number;
}

export const sizes = {
  /** The issue's network: 10,000 people, 1,000,000 posts, ~500,000 follows, ~2,000,000 likes. */
  full: { name: 'full', users: 10_000, posts: 1_000_000, followsPerUser: 50, likesPerPost: 2 },
  /** The same people and follows with 100 times fewer posts and likes: the feed's growth baseline. */
  small: { name: 'small', users: 10_000, posts: 10_000, followsPerUser: 50, likesPerPost: 2 },
} as const satisfies Record<string, NetworkSize>;

/** Everyone's password: the login scenario logs in as anyone. */
export const benchPassword = 'bench-password-2026';
/** People 0..likerPool-1 like nothing in the generated network: the like+unlike scenario is theirs. */
export const likerPool = 100;

const seed = 20_261_123;
const kinds = { user: 1, post: 2, comment: 3, notification: 4, workout: 5 } as const;
const day = 86_400_000;
/** Fixed times, not the clock: the same network whenever it is built. */
export const postsFrom = Date.parse('2024-11-01T00:00:00.000Z');
export const postsUntil = Date.parse('2026-11-01T00:00:00.000Z');

/** Public ids (the API's `_id`). */
export const userId = (i: number) => uuidOf(kinds.user, i);
export const postId = (i: number) => uuidOf(kinds.post, i);
export const commentId = (i: number) => uuidOf(kinds.comment, i);
export const workoutId = (i: number) => uuidOf(kinds.workout, i);
/** Integer keys (db/schema/keys.ts): person i is i + 1; posts are numbered in time order, as 006 numbers them. */
export const userKey = (i: number) => i + 1;
export const postKey = (i: number) => i + 1;
export const username = (i: number) =>
  `${handleStarts[i % handleStarts.length]}_${handleEnds[Math.floor(i / handleStarts.length) % handleEnds.length]}${i}`;

export interface UserRow {
  id: number;
  public_id: string;
  username: string;
  username_key: string;
  firstname: string;
  lastname: string;
  bio: string;
  website: string;
  avatar_url: string;
  follower_count: number;
  following_count: number;
  post_count: number;
  created_at: string;
  updated_at: string;
}

export interface PostRow {
  id: number;
  public_id: string;
  author_id: number;
  content: string;
  like_count: number;
  comment_count: number;
  created_at: string;
  updated_at: string;
}

/** A link between two rows, by their integer keys. */
export interface EdgeRow {
  a: number;
  b: number;
  created_at: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The whole network as a plan: who follows whom and who wrote which post, in memory (small typed
 * arrays); posts and likes are produced on demand in order, so that 1,000,000 posts never sit in
 * memory at once. Every part draws from its own seeded stream, so the order in which a loader
 * consumes them does not change the data.
 */
export class Network {
  readonly followees: Uint32Array[];
  readonly postAuthor: Uint32Array;
  readonly #followerCount: Uint32Array;
  readonly #postCount: Uint32Array;

  constructor(readonly size: NetworkSize) {
    const { users, posts } = size;
    // Popularity (who gets followed) and activity (who posts) are two unrelated rankings.
    const popularity = permutation(users, new Prng(seed + 1));
    const activity = permutation(users, new Prng(seed + 2));

    const follows = new Prng(seed + 3);
    const followRank = new Zipf(users, 0.9);
    this.followees = [];
    this.#followerCount = new Uint32Array(users);
    for (let u = 0; u < users; u++) {
      const want = Math.min(users - 1, Math.round(follows.exponential(size.followsPerUser)));
      const chosen = new Set<number>();
      for (let tries = 0; chosen.size < want && tries < want * 20; tries++) {
        const v = popularity[followRank.draw(follows)] ?? 0;
        if (v !== u) chosen.add(v);
      }
      const list = Uint32Array.from(chosen);
      for (const v of list) this.#followerCount[v] = (this.#followerCount[v] ?? 0) + 1;
      this.followees.push(list);
    }

    const authors = new Prng(seed + 4);
    const postRank = new Zipf(users, 0.6);
    this.postAuthor = new Uint32Array(posts);
    this.#postCount = new Uint32Array(users);
    for (let p = 0; p < posts; p++) {
      const a = activity[postRank.draw(authors)] ?? 0;
      this.postAuthor[p] = a;
      this.#postCount[a] = (this.#postCount[a] ?? 0) + 1;
    }
  }

  get followCount(): number {
    return this.followees.reduce((n, list) => n + list.length, 0);
  }

  /** Post p's time: evenly spread over two years, p = 0 the oldest, with jitter that keeps the order. */
  postTime(p: number): number {
    const step = (postsUntil - postsFrom) / this.size.posts;
    return Math.floor(postsFrom + p * step + (((p * 2_654_435_761) >>> 0) / 4_294_967_296) * step * 0.9);
  }

  *users(): Generator<UserRow> {
    const prng = new Prng(seed + 5);
    for (let u = 0; u < this.size.users; u++) {
      const joined = iso(postsFrom - (1 + prng.int(365)) * day);
      const name = username(u);
      yield {
        id: userKey(u),
        public_id: userId(u),
        username: name,
        username_key: name.toLowerCase(),
        firstname: prng.pick(firstnames),
        lastname: prng.pick(lastnames),
        bio: prng.pick(bios),
        website: prng.int(4) === 0 ? `https://example.com/${name}` : '',
        avatar_url: prng.pick(presetAvatars),
        follower_count: this.#followerCount[u] ?? 0,
        following_count: this.followees[u]?.length ?? 0,
        post_count: this.#postCount[u] ?? 0,
        created_at: joined,
        updated_at: joined,
      };
    }
  }

  /** (follower, followee) pairs. */
  *follows(): Generator<EdgeRow> {
    const prng = new Prng(seed + 6);
    for (let u = 0; u < this.size.users; u++) {
      for (const v of this.followees[u] ?? []) {
        yield { a: userKey(u), b: userKey(v), created_at: iso(postsFrom + prng.int(postsUntil - postsFrom)) };
      }
    }
  }

  /**
   * Every post in time order, each with its likes ((post, user) pairs, likeCount of them), its
   * hashtags (of its text and its comments'), its comments and the notifications they all made.
   */
  *posts(): Generator<{
    post: PostRow;
    likes: EdgeRow[];
    tags: TagRow[];
    comments: CommentRow[];
    commentTags: { comment_id: number; tag: string; post_id: number }[];
    notifications: NotificationRow[];
    actors: ActorRow[];
  }> {
    const text = new Prng(seed + 7);
    const liking = new Prng(seed + 8);
    const plan = new ConversationPlan(seed, this.size.users, postsUntil, (kind, i) => uuidOf(kinds[kind], i));
    this.#plan = plan;
    const { users, posts, likesPerPost } = this.size;
    for (let p = 0; p < posts; p++) {
      const at = this.postTime(p);
      // Most posts get a few likes, one in a thousand takes off: trending has something to rank.
      const viral = liking.int(1000) === 0 ? 50 : 1;
      const wanted = Math.min(users - likerPool, Math.round(liking.exponential(likesPerPost) * viral));
      const likers = new Set<number>();
      while (likers.size < wanted) likers.add(likerPool + liking.int(users - likerPool));
      const likes = [...likers].map((u) => ({
        a: postKey(p),
        b: userKey(u),
        created_at: iso(Math.min(postsUntil, at + liking.int(3 * day))),
      }));
      const end = text.pick(endings);
      const hashtags = plan.postTags();
      const authorKey = userKey(this.postAuthor[p] ?? 0);
      const talk = plan.forPost(p, { key: postKey(p), publicId: postId(p), authorKey, at }, likes, userKey);
      const tags = new Map<string, TagRow>();
      for (const tag of hashtags) tags.set(tag, { tag, post_id: postKey(p), created_at: iso(at) });
      for (const row of talk.tags) tags.set(row.tag, row);
      yield {
        post: {
          id: postKey(p),
          public_id: postId(p),
          author_id: authorKey,
          content: `${text.pick(openings)}: ${text.pick(middles)}.${end ? ` ${end}` : ''}${hashtags.map((t) => ` #${t}`).join('')}`,
          like_count: likes.length,
          comment_count: talk.comments.length,
          created_at: iso(at),
          updated_at: iso(at),
        },
        likes,
        tags: [...tags.values()],
        comments: talk.comments,
        commentTags: talk.commentTags,
        notifications: talk.notifications,
        actors: talk.actors,
      };
    }
  }

  #plan: ConversationPlan | undefined;

  /** Each person's follows as one read notification; after posts(), whose entries' keys these follow. */
  *followNotifications(): Generator<{ notification: NotificationRow; actors: ActorRow[] }> {
    const plan = this.#plan;
    if (!plan) throw new Error('followNotifications() runs after posts()');
    const followers = new Map<number, { a: number; created_at: string }[]>();
    for (const f of this.follows()) {
      let list = followers.get(f.b);
      if (!list) {
        list = [];
        followers.set(f.b, list);
      }
      list.push({ a: f.a, created_at: f.created_at });
    }
    for (let u = 0; u < this.size.users; u++) {
      const entry = plan.followEntry(userKey(u), followers.get(userKey(u)) ?? []);
      if (entry) yield entry;
    }
  }

  /** Two years of workouts for each trainee (bench/generate/training.ts), person after person. */
  *workouts(): Generator<TraineeHistory> {
    let next = 1;
    for (let u = firstTrainee; u < Math.min(this.size.users, firstTrainee + trainees); u++) {
      const history = traineeHistory(seed, u, userKey(u), postsFrom, postsUntil, workoutId, next);
      next += history.workouts.length;
      yield history;
    }
  }
}

import { Prng, Zipf } from './prng';

/**
 * The conversation part of the generated network (issue 14): hashtags in posts and comments, comments
 * with one level of replies, and the notifications all of that (and the likes and follows) made, as
 * the server would have written them. Drawn from their own seeded streams, post after post in time
 * order, so that the rest of the network does not change with them.
 */

/** Hashtags people use, most used first (drawn by a Zipf law): the tag page and trending read these. */
export const benchTags = [
  'legday',
  'pr',
  'running',
  'mobility',
  'deadlift',
  'squat',
  'benchpress',
  'trailrun',
  'swim',
  'cycling',
  'yoga',
  'mealprep',
  'deload',
  'hiit',
  'marathon',
  'recovery',
  'kettlebell',
  'climbing',
  'rowing',
  'powerlifting',
  'calisthenics',
  'stretching',
  'crossfit',
  'boxing',
  'sprint',
  'hypertrophy',
  'cardio',
  'coreday',
  'armday',
  'backday',
] as const;

const commentLines = [
  'Great work, keep it up',
  'That pace is no joke',
  'How long did the warm-up take?',
  'Form looks solid',
  'Same here this week',
  'Respect for the early start',
  'What shoes do you run in?',
  'Save some gains for the rest of us',
  'Deload weeks are underrated',
  'See you at the gym tomorrow',
];

/**
 * Every `discussionEvery`-th post (from `discussionOffset`) is a discussion with 20 to 60 comments: the
 * comment page scenario reads those (a full page each); other posts get a few or none.
 */
export const discussionEvery = 200;
export const discussionOffset = 7;
export const isDiscussion = (p: number) => p % discussionEvery === discussionOffset;

/** Notifications older than this, before the network's end, have been read (their groups closed). */
export const unreadWindowMs = 14 * 86_400_000;

export interface CommentRow {
  id: number;
  public_id: string;
  post_id: number;
  author_id: number;
  parent_id: number | null;
  thread_at: string;
  thread_public_id: string;
  content: string;
  created_at: string;
  updated_at: string;
}

export interface TagRow {
  tag: string;
  post_id: number;
  created_at: string;
}

export interface NotificationRow {
  id: number;
  public_id: string;
  recipient_id: number;
  type: 'like' | 'follow' | 'comment' | 'reply';
  post_id: number | null;
  comment_id: number | null;
  group_key: string | null;
  actor_count: number;
  is_read: number;
  created_at: string;
}

/** One actor of a notification: (notification, actor) keys and the time. */
export interface ActorRow {
  a: number;
  b: number;
  created_at: string;
}

export class ConversationPlan {
  readonly #tagging: Prng;
  readonly #commenting: Prng;
  readonly #tagRank = new Zipf(benchTags.length, 1);
  #nextComment = 1;
  #nextNotification = 1;

  constructor(
    seed: number,
    readonly users: number,
    readonly endMs: number,
    readonly uuid: (kind: 'comment' | 'notification', i: number) => string,
  ) {
    this.#tagging = new Prng(seed + 20);
    this.#commenting = new Prng(seed + 21);
  }

  get commentsMade(): number {
    return this.#nextComment - 1;
  }

  /** One post in five carries a hashtag (one in twenty-five two). */
  postTags(): string[] {
    const tags = new Set<string>();
    if (this.#tagging.int(5) === 0) tags.add(this.#tag());
    if (this.#tagging.int(25) === 0) tags.add(this.#tag());
    return [...tags];
  }

  #tag(): string {
    return benchTags[this.#tagRank.draw(this.#tagging)] ?? 'pr';
  }

  #notification(
    row: Omit<NotificationRow, 'id' | 'public_id' | 'is_read' | 'group_key'>,
    groupKey: string | null,
  ): NotificationRow {
    const id = this.#nextNotification++;
    const read = Date.parse(row.created_at) < this.endMs - unreadWindowMs;
    return {
      id,
      public_id: this.uuid('notification', id),
      ...row,
      group_key: read ? null : groupKey,
      is_read: read ? 1 : 0,
    };
  }

  /**
   * The comments of post p (key postKey, by authorKey, at `at`), in time order, their hashtags, and
   * the notifications of the post: one like entry gathering every liker but the author, one entry per
   * comment (to the post's author) or reply (to the comment's author).
   */
  forPost(
    p: number,
    post: { key: number; publicId: string; authorKey: number; at: number },
    likes: readonly { b: number; created_at: string }[],
    userKey: (u: number) => number,
  ) {
    const prng = this.#commenting;
    const wanted = isDiscussion(p) ? 20 + prng.int(41) : Math.round(prng.exponential(0.25));
    const comments: CommentRow[] = [];
    const tags: TagRow[] = [];
    const commentTags: { comment_id: number; tag: string; post_id: number }[] = [];
    const notifications: NotificationRow[] = [];
    const actors: ActorRow[] = [];
    const iso = (ms: number) => new Date(ms).toISOString();
    let t = post.at;
    const topLevel: CommentRow[] = [];
    for (let c = 0; c < wanted; c++) {
      t = Math.min(this.endMs, t + 1_000 + prng.int(3_600_000));
      const id = this.#nextComment++;
      const publicId = this.uuid('comment', id);
      const parent = topLevel.length > 0 && prng.int(10) < 3 ? (topLevel[prng.int(topLevel.length)] ?? null) : null;
      const tag = prng.int(10) === 0 ? this.#tag() : null;
      const row: CommentRow = {
        id,
        public_id: publicId,
        post_id: post.key,
        author_id: userKey(prng.int(this.users)),
        parent_id: parent?.id ?? null,
        thread_at: parent?.thread_at ?? iso(t),
        thread_public_id: parent?.public_id ?? publicId,
        content: `${prng.pick(commentLines)}${tag ? ` #${tag}` : ''}`,
        created_at: iso(t),
        updated_at: iso(t),
      };
      comments.push(row);
      if (!parent) topLevel.push(row);
      if (tag) {
        tags.push({ tag, post_id: post.key, created_at: iso(post.at) });
        commentTags.push({ comment_id: id, tag, post_id: post.key });
      }
      const recipient = parent ? parent.author_id : post.authorKey;
      if (recipient !== row.author_id) {
        const n = this.#notification(
          {
            recipient_id: recipient,
            type: parent ? 'reply' : 'comment',
            post_id: post.key,
            comment_id: id,
            actor_count: 1,
            created_at: row.created_at,
          },
          null,
        );
        notifications.push(n);
        actors.push({ a: n.id, b: row.author_id, created_at: row.created_at });
      }
    }
    const likers = likes.filter((l) => l.b !== post.authorKey);
    if (likers.length > 0) {
      const latest = likers.reduce((m, l) => (l.created_at > m ? l.created_at : m), '');
      const n = this.#notification(
        {
          recipient_id: post.authorKey,
          type: 'like',
          post_id: post.key,
          comment_id: null,
          actor_count: likers.length,
          created_at: latest,
        },
        `like:${post.key}`,
      );
      notifications.push(n);
      for (const l of likers) actors.push({ a: n.id, b: l.b, created_at: l.created_at });
    }
    return { comments, tags, commentTags, notifications, actors };
  }

  /** Each person's followers in one read entry (follows of long ago), after every post's entries. */
  followEntry(recipientKey: number, followers: readonly { a: number; created_at: string }[]) {
    if (followers.length === 0) return null;
    const latest = followers.reduce((m, f) => (f.created_at > m ? f.created_at : m), '');
    const n = this.#notification(
      {
        recipient_id: recipientKey,
        type: 'follow',
        post_id: null,
        comment_id: null,
        actor_count: followers.length,
        created_at: latest,
      },
      null,
    );
    // A follow entry is read: at most one follow group is open per person.
    n.is_read = 1;
    n.group_key = null;
    return { notification: n, actors: followers.map((f) => ({ a: n.id, b: f.a, created_at: f.created_at })) };
  }
}

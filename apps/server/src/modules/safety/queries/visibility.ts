import { type RawBuilder, sql } from 'kysely';
import type { Key } from '../../../db/schema';

/**
 * THE visibility rule (issue 16, docs/decisions/033-visibility-rule.md): every read of posts,
 * comments, people and notifications asks these, and nothing else decides who sees what.
 *
 * A post is seen by a viewer when it is not removed, its author is not suspended, and
 *   - it is the viewer's own, or
 *   - it is public, or followers-only and the viewer follows its author,
 *     and there is no block between the two either way (and, in lists, the viewer does not mute the author).
 * Anonymous viewers see public posts only. Every test is one index probe per row: the follows and
 * blocks and mutes primary keys (and the blocks' reverse index), the users primary key.
 */

/** The viewer, or undefined for an anonymous one. */
export type ViewerKey = Key | undefined;
/** The viewer's key, or a column holding it (a notification's recipient_id). */
type Viewer = Key | RawBuilder<unknown>;

/** A column of the outer query, as SQL. */
const col = (ref: string) => sql.ref(ref);

/** A block between the viewer and the person in `person`, either way. */
export function blockedEitherWay(viewerId: Viewer, person: string): RawBuilder<boolean> {
  const other = col(person);
  return sql<boolean>`(exists (select 1 from blocks bx where bx.blocker_id = ${viewerId} and bx.blocked_id = ${other})
    or exists (select 1 from blocks by_ where by_.blocker_id = ${other} and by_.blocked_id = ${viewerId}))`;
}

/** The viewer blocks the person in `person` (one way: the client API's Relationship, issue 50). */
export function blocking(viewerId: Viewer, person: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from blocks bk where bk.blocker_id = ${viewerId} and bk.blocked_id = ${col(person)})`;
}

/** The person in `person` blocks the viewer: the viewer is not shown them. */
export function blockedBy(viewerId: Viewer, person: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from blocks bb where bb.blocker_id = ${col(person)} and bb.blocked_id = ${viewerId})`;
}

/** The viewer mutes the person in `person`. */
export function mutedBy(viewerId: Viewer, person: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from mutes mx where mx.muter_id = ${viewerId} and mx.muted_id = ${col(person)})`;
}

/** The person in `person` is suspended (read through the users primary key). */
function suspended(person: string): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from users sx where sx.id = ${col(person)} and sx.suspended_at is not null)`;
}

/**
 * No block either way between the viewer and the person in `person`, nor (with `mutes`) a mute of the
 * viewer's. Most people block and mute nobody, so whether the viewer has any block or mute is asked
 * first, once per statement (it asks nothing of the row: SQLite runs such a subquery once, PostgreSQL
 * as an InitPlan), and the three probes per row run only for those who have: on a 21-row home page
 * they were a good part of the statement's instructions with both tables empty (callgrind:
 * docs/performance-log.md, "the shields asked once", 2026-11-28). A viewer that is a column (a
 * notification's recipient) changes from row to row: there the probes are asked alone.
 */
function unshielded(viewerId: Viewer, person: string, mutes: boolean): RawBuilder<boolean> {
  const perRow = mutes
    ? sql`(${blockedEitherWay(viewerId, person)} or ${mutedBy(viewerId, person)})`
    : blockedEitherWay(viewerId, person);
  if (isColumn(viewerId)) return sql<boolean>`not ${perRow}`;
  const ownMutes = mutes ? sql` or exists (select 1 from mutes ma where ma.muter_id = ${viewerId})` : sql``;
  const any = sql`(exists (select 1 from blocks ba where ba.blocker_id = ${viewerId})
    or exists (select 1 from blocks bb where bb.blocked_id = ${viewerId})${ownMutes})`;
  return sql<boolean>`not (${any} and ${perRow})`;
}

/** The viewer is a column of the outer query, not a value (a key, or a prepared query's stand-in for one). */
const isColumn = (viewer: Viewer): viewer is RawBuilder<unknown> =>
  typeof viewer === 'object' && viewer !== null && 'isRawBuilder' in viewer;

export interface PostRuleOptions {
  /** The alias of the posts row (default `posts`). */
  post?: string;
  /** The alias of the author's users row when the query joins it (saves a probe). */
  author?: string;
  /** Lists hide the posts of people the viewer mutes; a post opened by its address does not. */
  mutes?: boolean;
  /** Explore and the spec's GET /api/posts: public posts only, whoever asks. */
  publicOnly?: boolean;
  /**
   * The author's suspension is not asked: only for a moderator reading a suspended person's profile
   * (decision 048), who sees the posts the rule would show them were the person not suspended.
   */
  suspendedAuthor?: boolean;
}

/** The post in the row `options.post` may be seen by the viewer, as SQL for a WHERE. */
export function postVisibleTo(viewerId: Viewer | undefined, options: PostRuleOptions = {}): RawBuilder<boolean> {
  const p = options.post ?? 'posts';
  const c = (name: string) => col(`${p}.${name}`);
  const live = options.suspendedAuthor
    ? sql`${c('removed_at')} is null`
    : options.author
      ? sql`${c('removed_at')} is null and ${col(`${options.author}.suspended_at`)} is null`
      : sql`${c('removed_at')} is null and not ${suspended(`${p}.author_id`)}`;
  if (viewerId === undefined) return sql<boolean>`(${live} and ${c('visibility')} = 'public')`;
  const shielded = unshielded(viewerId, `${p}.author_id`, options.mutes === true);
  if (options.publicOnly) {
    return sql<boolean>`(${live} and ${c('visibility')} = 'public' and (${c('author_id')} = ${viewerId} or (${shielded})))`;
  }
  const audience = sql`(${c('visibility')} = 'public' or (${c('visibility')} = 'followers' and exists (
    select 1 from follows fx where fx.follower_id = ${viewerId} and fx.followee_id = ${c('author_id')})))`;
  return sql<boolean>`(${live} and (${c('author_id')} = ${viewerId} or (${audience} and ${shielded})))`;
}

/**
 * The comment in the row `comment` may be seen: not removed, its author not suspended, no block
 * between its author and the viewer, not by someone the viewer mutes. (Its post is checked first.)
 */
export function commentVisibleTo(
  viewerId: Viewer | undefined,
  comment = 'comments',
  author?: string,
): RawBuilder<boolean> {
  const c = (name: string) => col(`${comment}.${name}`);
  const live = author
    ? sql`${c('removed_at')} is null and ${col(`${author}.suspended_at`)} is null`
    : sql`${c('removed_at')} is null and not ${suspended(`${comment}.author_id`)}`;
  if (viewerId === undefined) return sql<boolean>`(${live})`;
  return sql<boolean>`(${live} and (${c('author_id')} = ${viewerId} or (${unshielded(viewerId, `${comment}.author_id`, true)})))`;
}

/**
 * The viewer blocks or mutes someone, or is blocked by someone: asked of no row, so once per
 * statement (SQLite runs such a subquery once, PostgreSQL as an InitPlan). Most people do neither.
 */
function hasShields(viewerId: Key | RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(exists (select 1 from blocks ba where ba.blocker_id = ${viewerId})
    or exists (select 1 from blocks bb where bb.blocked_id = ${viewerId})
    or exists (select 1 from mutes ma where ma.muter_id = ${viewerId}))`;
}

/**
 * How many of the comments the post `post` counts (`comment_count`: not removed, their author not
 * suspended, decision 046) the viewer may not see (`commentVisibleTo`: by someone blocked either way,
 * or muted by the viewer), so that the count a viewer reads is what they can see (issue 45, finding
 * 15). 0 without asking anything per row for a viewer who blocks and mutes nobody and whom nobody
 * blocks; otherwise, per post, one probe of comments_author_post (migration 088) for each person
 * hidden from the viewer: the viewer's blocks and mutes drive the count, not the post's comments.
 */
export function hiddenCommentCount(viewerId: Key | RawBuilder<unknown>, post: string): RawBuilder<number> {
  const hidden = sql`(select hb.blocked_id as id from blocks hb where hb.blocker_id = ${viewerId}
    union select hb2.blocker_id from blocks hb2 where hb2.blocked_id = ${viewerId}
    union select hm.muted_id from mutes hm where hm.muter_id = ${viewerId})`;
  // Per hidden person, a count of their comments on the post: both columns of comments_author_post
  // are given, so both engines probe it, whatever the post's number of comments.
  const theirs = sql`(select count(*) from comments hc where hc.author_id = hh.id and hc.post_id = ${col(post)}
    and hc.removed_at is null and not ${suspended('hc.author_id')})`;
  return sql<number>`(case when ${hasShields(viewerId)} then (select coalesce(sum(${theirs}), 0) from ${hidden} hh)
    else 0 end)`;
}

/**
 * The moderators' exception (decision 046): a post a report case names, itself or through one of its
 * comments (a comment's case keeps its post), which a moderator opens from the queue whatever the rule
 * above says. Asked only for a moderator, and only after the rule said no (reports_post index).
 */
export function reportedPost(post = 'posts'): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from reports rp where rp.post_id = ${col(`${post}.id`)})`;
}

/**
 * What a moderator opens by its address whatever the rule above says: a reported post (decision 046),
 * or a suspended person's post the rule would show them were the person not suspended (decision 048:
 * the posts on a suspended person's profile open in context; private and removed ones stay hidden
 * unless reported). Asked only for a moderator, and only after the rule said no.
 */
export function moderatorOpens(moderatorId: Key, post = 'posts'): RawBuilder<boolean> {
  const ofSuspended = sql`(${suspended(`${post}.author_id`)} and ${postVisibleTo(moderatorId, { post, suspendedAuthor: true })})`;
  return sql<boolean>`(${reportedPost(post)} or ${ofSuspended})`;
}

/** A comment a report case names, which a moderator sees in its thread (reports_comment index). */
export function reportedComment(comment = 'comments'): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from reports rc where rc.comment_id = ${col(`${comment}.id`)})`;
}

/** The person in the users row `user` may be seen (profile, search, suggestions): not suspended, no block either way. */
export function userVisibleTo(viewerId: ViewerKey, user = 'users'): RawBuilder<boolean> {
  const live = sql`${col(`${user}.suspended_at`)} is null`;
  if (viewerId === undefined) return sql<boolean>`(${live})`;
  return sql<boolean>`(${live} and not ${blockedEitherWay(viewerId, `${user}.id`)})`;
}

/**
 * A person's own pages (profile, posts, follow lists, training) open to the viewer: the person may be
 * seen (`userVisibleTo`), or the viewer is a moderator and the person is suspended (decision 048: the
 * report queue links there).
 */
export function userOpensTo(viewerId: ViewerKey, moderator: boolean, user = 'users'): RawBuilder<boolean> {
  const visible = userVisibleTo(viewerId, user);
  return moderator ? sql<boolean>`(${visible} or ${col(`${user}.suspended_at`)} is not null)` : visible;
}

/**
 * An actor of a notification may still be shown to its recipient: not suspended, no block either
 * way, not muted by the recipient (a mute silences their notifications).
 */
export function actorVisibleTo(recipientId: Viewer, actor: string): RawBuilder<boolean> {
  return sql<boolean>`(not ${suspended(actor)} and not ${blockedEitherWay(recipientId, actor)} and not ${mutedBy(recipientId, actor)})`;
}

/**
 * The people `actorVisibleTo` refuses to a recipient, as a set (for `in`): the suspended, those
 * blocked either way, those the recipient mutes. Read from the recipient's side, a handful of index
 * ranges, so that an entry's hidden actors are found by probing its actors' primary key with each
 * (decision 041) rather than by testing every actor of a large group. The same rule as
 * `actorVisibleTo`, in another form: tests/actor-visibility.test.ts holds the two to the same answers.
 * Its one column is `id`.
 */
export function hiddenActorsOf(recipientId: Viewer): RawBuilder<unknown> {
  return sql`(select bh.blocked_id as id from blocks bh where bh.blocker_id = ${recipientId}
    union select bh2.blocker_id from blocks bh2 where bh2.blocked_id = ${recipientId}
    union select mh.muted_id from mutes mh where mh.muter_id = ${recipientId}
    union select sh.id from users sh where sh.suspended_at is not null)`;
}

/** The recipient column of a notification, as the viewer of the rules above. */
export const recipientOf = (notification: string) => sql.ref(`${notification}.recipient_id`);

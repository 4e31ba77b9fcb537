import type { Key } from '../../db/schema';

/** A post or comment as it was just before it was deleted: enough to tell who had it. */
export interface DeletedNote {
  publicId: string;
  authorId: Key;
  /** The post's visibility (a comment's: its post's); a private one never left. */
  visibility: 'public' | 'followers' | 'private';
  /** A comment's post: its remote author had the comment too. */
  postId?: Key;
}

/**
 * What posts/, conversation/ and social/ tell federation of (`ctx.outbox`): handed on after the
 * answer, failures logged. Each call names a local person's act; the outbox decides whether anyone
 * on another server is to hear of it (a private post, or a remote author's, never leaves).
 */
export interface PostOutbox {
  postCreated(postId: Key): void;
  postEdited(postId: Key): void;
  /** Called with the post as it was (its row is gone when the delivery is made). */
  postDeleted(post: DeletedNote): void;
  commentCreated(commentId: Key): void;
  commentEdited(commentId: Key): void;
  commentDeleted(comment: DeletedNote): void;
  /** A like of a post (only a remote post's author hears of it), and its taking back. */
  liked(postPublicId: string, userId: Key): void;
  unliked(postPublicId: string, userId: Key): void;
  /** A local person followed someone (a Follow goes out if that someone is remote). */
  followed(followerId: Key, followeePublicId: string): void;
  /** ...and unfollowed them (an Undo of that Follow goes out). */
  unfollowed(followerId: Key, followeePublicId: string): void;
  /**
   * A local person asks to follow a locked remote person (decision 106): the request is held (awaited:
   * the answer shows it) and a Follow goes out after; the follow is made when their Accept arrives.
   */
  followRequested(followerId: Key, followeePublicId: string): Promise<FollowRequestOutcome>;
  /** ...and takes the request back: it goes (awaited), an Undo goes out after. Whether there was one. */
  followRequestWithdrawn(followerId: Key, followeePublicId: string): Promise<boolean>;
  /** A local person blocked someone: if remote, Undo of our Follow of them (if any) and a Block go out. */
  blocked(blockerId: Key, blockedPublicId: string): void;
  /** ...and lifted the block: if remote, an Undo of a Block goes out (their server lifts it too). */
  unblocked(blockerId: Key, blockedPublicId: string): void;
  /** Someone by `name@host` (GET /api/users/lookup): their user key here, stored if remote (awaited). */
  lookUp(acct: string): Promise<Key | undefined>;
  /**
   * A local person about to be erased: their Delete(Person) queued, signed, for their followers'
   * servers (awaited, before the row and key go; a failure is logged, never stops the erasure).
   */
  personErasing(userId: Key): Promise<void>;
  /** A held Follow approved or rejected: its Accept or Reject is sent. */
  followRequestAnswered(answer: FollowAnswer): void;
  /** A local person reported someone or something (a Flag goes to its server if it is remote). */
  reported(reporterId: Key, target: ReportedTarget, note: string): void;
}

/** What a report names, by public id. */
export interface ReportedTarget {
  type: 'post' | 'comment' | 'user';
  publicId: string;
}

/** A follow of a locked remote person (decision 106): held as a request, or why not. */
export type FollowRequestOutcome = 'requested' | 'already-requested' | 'already-following' | 'no-user' | 'no-actor';

/** The answer to a held Follow (follow-requests.ts), to send to the follower's server. */
export interface FollowAnswer {
  followeePublicId: string;
  followerActorUri: string;
  followerInboxUrl: string;
  followerSharedInboxUrl: string | null;
  /** The Follow being answered. */
  activityUri: string;
  approved: boolean;
}

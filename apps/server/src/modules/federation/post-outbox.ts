import type { Key } from '../../db/schema';

/**
 * What other modules tell federation of, or ask of it (`ctx.outbox`): the telling is handed on after
 * the answer (failures logged), the asking is awaited.
 */
export interface PostOutbox {
  postCreated(postId: Key): void;
  /** A local person followed someone (a Follow goes out if that someone is remote). */
  followed(followerId: Key, followeePublicId: string): void;
  /** ...and unfollowed them (an Undo of that Follow goes out). */
  unfollowed(followerId: Key, followeePublicId: string): void;
  /** Someone by `name@host` (GET /api/users/lookup): their user key here, stored if remote. */
  lookUp(acct: string): Promise<Key | undefined>;
  /** A held Follow approved or rejected: its Accept or Reject is sent. */
  followRequestAnswered(answer: FollowAnswer): void;
}

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

import type { Key } from '../../db/schema';

/** What posts/ tells federation of (`ctx.outbox`): handed on after the answer, failures logged. */
export interface PostOutbox {
  postCreated(postId: Key): void;
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

import type { Key } from '../../db/schema';
import type { FollowAnswer } from './follow-requests';

/** What posts/ tells federation of (`ctx.outbox`): handed on after the answer, failures logged. */
export interface PostOutbox {
  postCreated(postId: Key): void;
  /** A held Follow approved or rejected: its Accept or Reject is sent. */
  followRequestAnswered(answer: FollowAnswer): void;
}

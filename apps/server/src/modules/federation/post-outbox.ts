import type { Key } from '../../db/schema';

/** What posts/ tells federation of (`ctx.outbox`): handed on after the answer, failures logged. */
export interface PostOutbox {
  postCreated(postId: Key): void;
}

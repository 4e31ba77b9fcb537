import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** The Idempotency-Key a person sent with a new post, and the post it made (migration 042). */
export interface PostIdempotencyKeysTable {
  user_id: Key;
  idempotency_key: string;
  /** The post's public id, chosen before the post is inserted. */
  post_public_id: string;
  /** SHA-256 of the post's input (migration 089); null for a key stored before it. */
  body_sha256: string | null;
  created_at: Timestamp;
}

import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** The Idempotency-Key a person sent with a new workout, and the workout it stored (migration 108). */
export interface WorkoutIdempotencyKeysTable {
  user_id: Key;
  idempotency_key: string;
  /** The workout's id; no foreign key, so the key outlives a deleted workout. */
  workout_id: string;
  /** SHA-256 of the parsed workout input: a different request under the same key is refused. */
  body_sha256: string;
  created_at: Timestamp;
}

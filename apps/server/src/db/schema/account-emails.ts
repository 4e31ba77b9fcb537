import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** A person's optional email and the address waiting for its verification link (migration 091). */
export interface AccountEmailsTable {
  user_id: Key;
  /** The verified address; null until one is verified. */
  address: string | null;
  verified_at: Timestamp | null;
  /** An address added, waiting for its link; null when none waits. */
  pending_address: string | null;
  /** SHA-256 of the pending address's link token (never the token itself). */
  token_hash: string | null;
  token_expires_at: Timestamp | null;
  updated_at: Timestamp;
}

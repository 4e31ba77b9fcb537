import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** A person's TOTP key (migration 094): being set up while `confirmed_at` is null, on once it is set. */
export interface TwoFactorTable {
  user_id: Key;
  /** The base32 key, sealed with TWO_FACTOR_KEY when one is configured (modules/accounts/secret-box.ts). */
  secret: string;
  confirmed_at: Timestamp | null;
  /** The newest 30-second step whose code was accepted: no code of it or before it works again. */
  last_step: number | null;
  created_at: Timestamp;
}

/** One of a person's recovery codes, as its SHA-256 (the code itself is shown once and never kept). */
export interface TwoFactorRecoveryCodesTable {
  user_id: Key;
  code_sha256: string;
  used_at: Timestamp | null;
}

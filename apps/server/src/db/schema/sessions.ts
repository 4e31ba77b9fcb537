import type { Key, KeyColumn } from './keys';
import type { Timestamp } from './timestamp';

/** One token's session (its `jti` is `public_id`): deleting the row ends the token at once. */
export interface SessionsTable {
  id: KeyColumn;
  public_id: string;
  user_id: Key;
  user_agent: string;
  ip: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

/** A person's security log: 'login-failed', 'password-changed', 'sessions-revoked'. */
export interface SecurityEventsTable {
  id: KeyColumn;
  user_id: Key;
  kind: string;
  ip: string;
  user_agent: string;
  created_at: Timestamp;
}

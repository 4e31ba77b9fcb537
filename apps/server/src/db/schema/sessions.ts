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
  /** The OAuth app of a token authorized through /oauth/authorize (issue 50); null for a login. */
  oauth_app_id: Key | null;
  /** The OAuth token's scopes, space-separated; null for a login (every scope). */
  scopes: string | null;
  /** SHA-256 of the OAuth token's refresh token. */
  refresh_sha256: string | null;
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

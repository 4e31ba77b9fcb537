import type { Generated, Selectable } from 'kysely';
import type { KeyColumn } from './keys';
import type { Visibility } from './posts';
import type { Timestamp } from './timestamp';

/** Keys as in keys.ts: `id` inside, `public_id` (a UUID) in the API and in tokens. */
export interface UsersTable {
  id: KeyColumn;
  public_id: string;
  username: string;
  /** lower(username): makes usernames unique regardless of case. */
  username_key: string;
  firstname: string;
  lastname: string;
  password_hash: string;
  bio: string;
  website: string;
  avatar_url: string;
  /** Raised on a password change; tokens carrying an older value are refused. */
  token_version: number;
  /** Why token_version last rose (a SignedOutReason, migration 099): told with the 401 of an older token. */
  token_version_reason: Generated<string | null>;
  /** Counters kept in the same transaction as the rows they count. */
  follower_count: Generated<number>;
  following_count: Generated<number>;
  post_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 'member', 'moderator' or 'admin' (issue 16). */
  role: Generated<'member' | 'moderator' | 'admin'>;
  /** Set while a moderator has suspended the account: no login, no token, content hidden. */
  suspended_at: Timestamp | null;
  /** When a suspension ends by itself (migration 138); null: until a moderator lifts it. */
  suspended_until: Timestamp | null;
  /** The visibility a new post gets unless its author picks another. */
  default_visibility: Generated<Visibility>;
  /** Raised by a trigger on every update of the row (migration 043): the card cache's check. */
  row_version: Generated<number>;
  /** 1: a person of another server (issue 49): username `name@host`, no password, no sign-in. */
  remote: Generated<number>;
  /** A remote person's actor id, inboxes and profile page; null for a local person. */
  actor_uri: Generated<string | null>;
  inbox_url: Generated<string | null>;
  shared_inbox_url: Generated<string | null>;
  profile_url: Generated<string | null>;
  /** 1: each new follower from another server waits for the person's approval (migration 133). */
  locked_account: Generated<number>;
}
export type UserRow = Selectable<UsersTable>;

/**
 * What a signed-in request knows of its user: who they are and what decides whether their token
 * still holds. The rest of the row (profile, counters, password hash) a handler reads when it needs
 * it, so that this may be kept between requests (decision 055, auth/identity-cache.ts).
 */
export const accountColumns = [
  'public_id',
  'username',
  'firstname',
  'lastname',
  'bio',
  'website',
  'avatar_url',
  'follower_count',
  'following_count',
  'post_count',
  'created_at',
] as const;
/**
 * What others see of a person beside their posts (the client API's Account, issue 50): read for a
 * page's authors, so no more than that (not the password hash, not the row's 30 columns: decision 104).
 */
export type AccountRow = Pick<UserRow, (typeof accountColumns)[number]>;

export const signedInColumns = ['id', 'public_id', 'username', 'role', 'token_version', 'suspended_at'] as const;
export type SignedInUser = Pick<UserRow, (typeof signedInColumns)[number]>;

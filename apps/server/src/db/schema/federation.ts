import type { Generated } from 'kysely';
import type { Key } from './keys';
import type { Timestamp } from './timestamp';

/** A local person's key pair for one algorithm ('RSASSA-PKCS1-v1_5' or 'Ed25519'), as JWK text. */
export interface FederationKeysTable {
  user_id: Key;
  algorithm: string;
  private_jwk: string;
  public_jwk: string;
  created_at: Timestamp;
}

/** Fedify's key-value store: the key is the JSON text of its parts, the value JSON text. */
export interface FederationKvTable {
  key: string;
  value: string;
  /** Milliseconds since the epoch; null: kept until deleted. */
  expires_at: number | null;
}

/** Fedify's message queue: one row per message until its handler has run. */
export interface FederationMessagesTable {
  id: Generated<Key>;
  message: string;
  /** Which queue it waits in (migration 147, decision 107): 'inbox' or 'outbox'. */
  queue: Generated<string>;
  ordering_key: string | null;
  /** Milliseconds since the epoch: not handed out before. */
  deliver_at: number;
  /** When a listener took it (milliseconds); a take older than the lease is taken again. */
  taken_at: number | null;
}

/** The instance block list (migration 133): a domain and its subdomains. */
export interface FederationBlockedDomainsTable {
  domain: string;
  reason: Generated<string>;
  created_at: Timestamp;
}

/** A remote person's Follow of a locked account, until approved or rejected (migration 134). */
export interface FollowRequestsTable {
  follower_id: Key;
  followee_id: Key;
  /** The Follow activity's id: the Accept or Reject names it. */
  activity_uri: string;
  created_at: Timestamp;
}

/** A local person's Follow of a remote one (migration 128): the activity sent, and when it was accepted. */
export interface FederationFollowsTable {
  follower_id: Key;
  followee_id: Key;
  activity_uri: string;
  created_at: Timestamp;
  accepted_at: Timestamp | null;
}

/**
 * An erased local person (migration 150, decision 110): SHA-256 digests (hex) of their public id and
 * username key, for their actor and profile URLs to answer 410 Gone.
 */
export interface ErasedActorsTable {
  actor_digest: string;
  username_digest: string;
  erased_at: Timestamp;
}

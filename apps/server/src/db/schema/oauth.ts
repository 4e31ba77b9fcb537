import type { Key, KeyColumn } from './keys';
import type { Timestamp } from './timestamp';

/** An app registered through POST /api/v1/apps (issue 50). */
export interface OauthAppsTable {
  id: KeyColumn;
  /** Public: sent by the app in every OAuth request. */
  client_id: string;
  secret_sha256: string;
  name: string;
  website: string | null;
  /** Newline-separated, as Mastodon's `redirect_uri` shows them. */
  redirect_uris: string;
  /** Space-separated. */
  scopes: string;
  created_at: Timestamp;
}

/** An authorization code: single use (deleted when exchanged), ten minutes. */
export interface OauthCodesTable {
  code_sha256: string;
  app_id: Key;
  user_id: Key;
  redirect_uri: string;
  scopes: string;
  /** RFC 7636's S256 challenge, when the app sent one. */
  code_challenge: string | null;
  expires_at: Timestamp;
}

/** A token of the client_credentials grant: the app itself, no person. */
export interface OauthAppTokensTable {
  token_sha256: string;
  app_id: Key;
  scopes: string;
  created_at: Timestamp;
}

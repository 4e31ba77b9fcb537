import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';

/** How long an authorization code may wait for its exchange (RFC 6749 4.1.2 recommends at most ten minutes). */
export const codeLifetimeMs = 10 * 60_000;

export interface NewCode {
  codeSha256: string;
  appId: Key;
  userId: Key;
  redirectUri: string;
  scopes: string;
  codeChallenge: string | null;
}

export async function insertCode(db: Db, code: NewCode): Promise<void> {
  await db.kysely
    .insertInto('oauth_codes')
    .values({
      code_sha256: code.codeSha256,
      app_id: code.appId,
      user_id: code.userId,
      redirect_uri: code.redirectUri,
      scopes: code.scopes,
      code_challenge: code.codeChallenge,
      expires_at: new Date(Date.now() + codeLifetimeMs).toISOString(),
    })
    .execute();
  // Codes never exchanged are swept here, as new ones come: the table stays small without a timer.
  await db.kysely.deleteFrom('oauth_codes').where('expires_at', '<', nowIso()).execute();
}

/** Takes a code out, once: a second exchange of the same code finds nothing. */
export async function takeCode(db: Db, codeSha256: string) {
  const row = await db.kysely
    .deleteFrom('oauth_codes')
    .where('code_sha256', '=', codeSha256)
    .returning(['app_id', 'user_id', 'redirect_uri', 'scopes', 'code_challenge', 'expires_at'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() < Date.now()) return undefined;
  return row;
}

export async function insertAppToken(db: Db, tokenSha256: string, appId: Key, scopes: string): Promise<void> {
  await db.kysely
    .insertInto('oauth_app_tokens')
    .values({ token_sha256: tokenSha256, app_id: appId, scopes, created_at: nowIso() })
    .execute();
}

export async function findAppToken(db: Db, tokenSha256: string) {
  return db.kysely
    .selectFrom('oauth_app_tokens')
    .select(['app_id', 'scopes'])
    .where('token_sha256', '=', tokenSha256)
    .executeTakeFirst();
}

export async function deleteAppToken(db: Db, tokenSha256: string, appId: Key): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('oauth_app_tokens')
    .where('token_sha256', '=', tokenSha256)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

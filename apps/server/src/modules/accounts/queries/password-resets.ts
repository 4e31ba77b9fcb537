import crypto from 'node:crypto';
import { resetLinkTtlMinutes } from '@spotter/contract';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';

/** Only this is stored: a leaked database gives no working link (decision 036). */
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * A new one-time recovery token for a person: 32 random bytes. It replaces any earlier one of theirs
 * (only the newest link works), and lives `resetLinkTtlMinutes`.
 */
export async function createResetToken(db: Db, userId: Key): Promise<{ token: string; expiresAt: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + resetLinkTtlMinutes * 60_000).toISOString();
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    await trx
      .insertInto('password_resets')
      .values({ user_id: userId, token_hash: hashOf(token), created_at: nowIso(), expires_at: expiresAt })
      .execute();
  });
  return { token, expiresAt };
}

/**
 * Spends a recovery token: sets the new password hash, raises the token version and ends every
 * session (every earlier token stops), all in one transaction that deletes the token first, so two
 * requests with one link cannot both succeed. Answers the person's key, or undefined for a token
 * that is unknown, spent or expired.
 */
export async function redeemResetToken(
  db: Db,
  token: string,
  passwordHash: () => Promise<string>,
): Promise<Key | undefined> {
  const hash = hashOf(token);
  const found = await db.kysely
    .selectFrom('password_resets')
    .select(['id', 'user_id', 'expires_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!found || new Date(found.expires_at).getTime() <= Date.now()) return undefined;
  const newHash = await passwordHash();
  return db.kysely.transaction().execute(async (trx) => {
    const spent = await trx.deleteFrom('password_resets').where('id', '=', found.id).executeTakeFirst();
    if (Number(spent.numDeletedRows) === 0) return undefined;
    const now = nowIso();
    await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: newHash,
        token_version: eb('token_version', '+', 1),
        token_version_reason: 'password_changed',
        updated_at: now,
      }))
      .where('id', '=', found.user_id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', found.user_id).execute();
    return found.user_id;
  });
}

import crypto from 'node:crypto';
import { type AccountEmail, emailVerifyTtlHours } from '@spotter/contract';
import type { Db } from '../../../db/database';
import type { Key } from '../../../db/schema';
import { nowIso } from '../../../db/time';

/** Only this is stored of a verification link (as of a recovery link, decision 036). */
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

const none: AccountEmail = { address: null, pending: null };

/** A person's email as they alone see it: the verified address and the one waiting for its link. */
export async function accountEmailOf(db: Db, userId: Key): Promise<AccountEmail> {
  const row = await db.kysely
    .selectFrom('account_emails')
    .select(['address', 'pending_address'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { address: row.address, pending: row.pending_address } : none;
}

/**
 * Puts an address in waiting with a new one-time token (32 random bytes), which replaces any earlier
 * one: only the newest link works. The verified address stays until this one is verified, so a
 * mistyped address never takes recovery away. Answers the token, to be mailed.
 */
export async function startEmailVerification(db: Db, userId: Key, address: string): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const pending = {
    pending_address: address,
    token_hash: hashOf(token),
    token_expires_at: new Date(Date.now() + emailVerifyTtlHours * 3_600_000).toISOString(),
    updated_at: nowIso(),
  };
  await db.kysely
    .insertInto('account_emails')
    .values({ user_id: userId, address: null, verified_at: null, ...pending })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(pending))
    .execute();
  return token;
}

/** Drops the address waiting for its link (the person typed their verified address again). */
export async function cancelEmailVerification(db: Db, userId: Key): Promise<void> {
  await db.kysely
    .updateTable('account_emails')
    .set({ pending_address: null, token_hash: null, token_expires_at: null, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Spends a verification token: its address becomes the verified one. One conditional update, so two
 * requests with one link cannot both succeed. Answers the person's key and email, or undefined for a
 * token that is unknown, spent, replaced or expired.
 */
export async function redeemEmailToken(
  db: Db,
  token: string,
): Promise<{ userId: Key; email: AccountEmail } | undefined> {
  const hash = hashOf(token);
  const now = nowIso();
  const found = await db.kysely
    .selectFrom('account_emails')
    .select(['user_id', 'pending_address', 'token_expires_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!found?.pending_address || !found.token_expires_at) return undefined;
  if (new Date(found.token_expires_at).getTime() <= Date.now()) return undefined;
  const done = await db.kysely
    .updateTable('account_emails')
    .set({
      address: found.pending_address,
      verified_at: now,
      pending_address: null,
      token_hash: null,
      token_expires_at: null,
      updated_at: now,
    })
    .where('user_id', '=', found.user_id)
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return undefined;
  return { userId: found.user_id, email: { address: found.pending_address, pending: null } };
}

/**
 * Who a "Forgot password?" for this username may reach: the account and its verified address, or
 * undefined (no such account, no verified email, or suspended). One query whatever the case.
 */
export async function recoveryAddressOf(
  db: Db,
  username: string,
): Promise<{ userId: Key; publicId: string; username: string; address: string } | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .innerJoin('account_emails', 'account_emails.user_id', 'users.id')
    .select(['users.id', 'users.public_id', 'users.username', 'users.suspended_at', 'account_emails.address'])
    .where('users.username_key', '=', username.toLowerCase())
    .executeTakeFirst();
  if (!row?.address || row.suspended_at !== null) return undefined;
  return { userId: row.id, publicId: row.public_id, username: row.username, address: row.address };
}

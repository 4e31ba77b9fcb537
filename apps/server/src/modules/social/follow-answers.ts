import { apiErrors } from '@spotter/contract';
import type { AppContext } from '../../context';
import type { Key } from '../../db/schema';
import { notFound } from '../../errors';
import { findUserById, findUserByPublicId, toFullUsers, toProfile } from '../accounts';

async function bothRows(ctx: AppContext, viewerId: Key, otherPublicId: string) {
  const [me, other] = await Promise.all([findUserById(ctx.db, viewerId), findUserByPublicId(ctx.db, otherPublicId)]);
  if (!me || !other) throw notFound(apiErrors.userNotFound);
  return [me, other] as const;
}

/**
 * What a follow or unfollow answers: SPEC §7's both sides after the change, `user` (the signed-in
 * one) and `followUser`, as full users; under `Prefer: return=minimal` as profiles (counts only).
 */
export async function followAnswer(ctx: AppContext, minimal: boolean, viewerId: Key, otherPublicId: string) {
  const [me, other] = await bothRows(ctx, viewerId, otherPublicId);
  if (minimal) {
    return { user: await toProfile(ctx.db, me, viewerId), followUser: await toProfile(ctx.db, other, viewerId) };
  }
  const [user, followUser] = await toFullUsers(ctx.db, [me, other], viewerId);
  if (!user || !followUser) throw notFound(apiErrors.userNotFound);
  return { user, followUser };
}

import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { toProfile } from '../queries/profiles';
import { findUserById, fullUser, updateProfile } from '../queries/users';

export const editProfile: Handler<'editProfile'> = async ({ body, user, minimal }, ctx) => {
  const { username, ...changes } = body.userData;
  // SPEC §8 answers a username change with 404.
  if (username !== undefined && username !== user.username) throw notFound(apiErrors.usernameCannotChange);
  await updateProfile(ctx.db, user.id, changes);
  const updated = await findUserById(ctx.db, user.id);
  if (!updated) throw notFound(apiErrors.usernameNotRegistered);
  if (minimal) return { profile: await toProfile(ctx.db, updated, user.id) };
  return { user: await fullUser(ctx.db, updated, updated.id) };
};

import crypto from 'node:crypto';
import { apiErrors, defaultAvatarUrl } from '@spotter/contract';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { hashPassword } from '../password';
import { findUserById, fullUser, insertUser } from '../queries/users';
import { issueToken } from '../session-token';

export const signup: Handler<'signup'> = async ({ body, request }, ctx) => {
  const created = await insertUser(ctx.db, {
    publicId: crypto.randomUUID(),
    username: body.username,
    firstname: body.firstname,
    lastname: body.lastname,
    passwordHash: await hashPassword(body.password),
    avatarUrl: body.avatarUrl ?? defaultAvatarUrl,
  });
  // The unique key on lower(username) decides, so of many parallel signups exactly one wins.
  if (created === undefined) throw new HttpError(422, [apiErrors.usernameExists]);
  const user = await findUserById(ctx.db, created);
  if (!user) throw new Error('the new user was not found after insert');
  const encodedToken = await issueToken(ctx, user, request);
  return { createdUser: await fullUser(ctx.db, user, user.id), encodedToken };
};

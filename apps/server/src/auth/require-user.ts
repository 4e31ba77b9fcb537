import { apiErrors } from '@spotter/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';
import { HttpError } from '../errors';
import { findUserByPublicId } from '../queries/users';

/**
 * The signed-in user of a request, as SPEC §6 and §8 say: no or bad token -> 401 'The token is
 * invalid', a valid token of a user that no longer exists -> 404 'not Registered'.
 */
export async function requireUser(request: FastifyRequest, db: Db): Promise<UserRow> {
  const claims = await request.identity();
  if (!claims) throw new HttpError(401, [apiErrors.invalidToken]);
  const user = await findUserByPublicId(db, claims._id);
  if (!user) throw new HttpError(404, [apiErrors.usernameNotRegistered]);
  if (user.token_version !== claims.ver) throw new HttpError(401, [apiErrors.invalidToken]);
  return user;
}

/**
 * The signed-in user of a public call, if any. The spec's public calls answer whatever token comes
 * along, so a stale or foreign token makes the caller anonymous instead of failing the call.
 */
export async function optionalUser(request: FastifyRequest, db: Db): Promise<UserRow | undefined> {
  if (!request.headers.authorization) return undefined;
  try {
    return await requireUser(request, db);
  } catch (error) {
    if (error instanceof HttpError) return undefined;
    throw error;
  }
}

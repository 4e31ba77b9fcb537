import { apiErrors } from '@spotter/contract';
import { badRequest, notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { decodeCursor, encodeCursor } from '../../paging/cursor';
import { findUserByUsername } from '../../queries/users';
import { workoutPage } from '../../queries/workouts';

export const userWorkouts: Handler<'userWorkouts'> = async ({ params, query }, ctx) => {
  const owner = await findUserByUsername(ctx.db, params.username);
  if (!owner) throw notFound(apiErrors.userNotFound);
  const after = decodeCursor(query.cursor);
  // PostgreSQL has no year 0: a forged cursor of that year would fail the query (a 500), not match nothing.
  if (after && after.t < '0001') throw badRequest('cursor: is not a cursor this server gave out');
  const page = await workoutPage(ctx.db, owner.id, query.limit, after && { t: after.t, i: after.i });
  return { workouts: page.workouts, nextCursor: page.next ? encodeCursor(page.next) : null };
};

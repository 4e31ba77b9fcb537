import { apiErrors } from '@spotter/contract';
import { notFound } from '../../errors';
import type { Handler } from '../../http/add-route';
import { decodeCursor, encodeCursor } from '../../paging/cursor';
import { findUserByUsername } from '../../queries/users';
import { workoutPage } from '../../queries/workouts';

export const userWorkouts: Handler<'userWorkouts'> = async ({ params, query }, ctx) => {
  const owner = await findUserByUsername(ctx.db, params.username);
  if (!owner) throw notFound(apiErrors.userNotFound);
  const after = decodeCursor(query.cursor);
  const page = await workoutPage(ctx.db, owner.id, query.limit, after && { t: after.t, i: after.i });
  return { workouts: page.workouts, nextCursor: page.next ? encodeCursor(page.next) : null };
};

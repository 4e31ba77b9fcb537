import type { Handler } from '../../../http/add-route';
import { decodeCursor, encodeCursor } from '../../../paging/cursor';
import { workoutPage } from '../queries/workouts';
import { visibleWorkoutOwner } from '../visible-owner';
import { workoutSeenBy } from '../workout-answer';

export const userWorkouts: Handler<'userWorkouts'> = async ({ params, query, user }, ctx) => {
  const { user: owner, settings } = await visibleWorkoutOwner(ctx.db, params.username, user);
  const after = decodeCursor(query.cursor);
  const page = await workoutPage(ctx.db, owner.id, query.limit, after && { t: after.t, i: after.i });
  return {
    workouts: page.workouts.map((w) => workoutSeenBy(w, settings.showRecords, owner.id === user?.id)),
    nextCursor: page.next ? encodeCursor(page.next) : null,
  };
};

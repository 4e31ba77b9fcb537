import { workoutInputSchema } from '@spotter/contract/schemas';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { exercisesForCopy, workoutOfVisiblePost } from '../copy-from-post';
import { storeNewWorkout } from '../workout-create';

/**
 * "Copy to my log" (issue 49): the workout a post carries, local or from another server, becomes a new
 * workout of the caller's, started now, with its sets (records are computed for the caller, as for
 * any workout they log).
 */
export const workoutFromPost: Handler<'workoutFromPost'> = async ({ params, user }, ctx) => {
  const data = await workoutOfVisiblePost(ctx.db, params.postId, user.id);
  const exerciseIds = await exercisesForCopy(ctx.db, user.id, data);
  const input = workoutInputSchema.safeParse({
    title: data.title,
    startedAt: new Date().toISOString(),
    durationSec: data.durationSec ?? null,
    notes: '',
    exercises: data.exercises.map((e, i) => ({
      exerciseId: exerciseIds[i],
      sets: e.sets,
    })),
  });
  if (!input.success)
    throw new HttpError(
      400,
      input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    );
  return { workout: await storeNewWorkout(ctx.db, user, input.data) };
};

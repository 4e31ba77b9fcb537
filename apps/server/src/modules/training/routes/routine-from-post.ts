import { trainingErrors } from '@spotter/contract';
import { HttpError } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { exercisesForCopy, workoutOfVisiblePost } from '../copy-from-post';
import { exercisesVisibleTo } from '../queries/exercises';
import { insertRoutine } from '../queries/routines';
import { routineAnswer } from '../routine-answer';

/**
 * "Copy to my log" as a routine (issue 49): the workout a post carries, local or from another server,
 * becomes one of the caller's routines, its sets as planned values (RPE and done are the day's, not the
 * plan's), as POST /api/routines/from-workout makes one from one's own workout.
 */
export const routineFromPost: Handler<'routineFromPost'> = async ({ params, user }, ctx) => {
  const data = await workoutOfVisiblePost(ctx.db, params.postId, user.id);
  const exerciseIds = await exercisesForCopy(ctx.db, user.id, data);
  const values = {
    title: data.title,
    notes: '',
    exercises: data.exercises.map((e, i) => ({
      exerciseId: exerciseIds[i] ?? '',
      notes: '',
      restSec: null,
      supersetGroup: null,
      sets: e.sets.map((s) => ({
        type: s.type,
        reps: s.reps ?? null,
        weightKg: s.weightKg ?? null,
        distanceM: s.distanceM ?? null,
        durationSec: s.durationSec ?? null,
      })),
    })),
  };
  const routine = await insertRoutine(ctx.db, user.id, values);
  if (!routine) throw new HttpError(409, [trainingErrors.tooManyRoutines]);
  return { routine: routineAnswer(routine, await exercisesVisibleTo(ctx.db, user.id, exerciseIds)) };
};

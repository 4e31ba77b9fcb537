import { trainingErrors } from '@spotter/contract';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { exercisesVisibleTo } from '../queries/exercises';
import { insertRoutine } from '../queries/routines';
import { findWorkoutRow, workoutsByIds } from '../queries/workouts';
import { routineAnswer } from '../routine-answer';

/**
 * Saves one of the caller's workouts as a routine: its title, notes, exercises (notes, rest,
 * superset) and sets as planned values (type and numbers; RPE and done are the day's, not the plan's).
 * Another's workout is not found: routines copy only one's own log.
 */
export const routineFromWorkout: Handler<'routineFromWorkout'> = async ({ params, user }, ctx) => {
  const row = await findWorkoutRow(ctx.db, params.workoutId);
  const [workout] = row && row.user_id === user.id ? await workoutsByIds(ctx.db, [row.id]) : [];
  if (!workout) throw notFound(trainingErrors.workoutNotFound);
  const values = {
    title: workout.title,
    notes: workout.notes,
    exercises: workout.exercises.map((e) => ({
      exerciseId: e.exerciseId,
      notes: e.notes,
      restSec: e.restSec,
      supersetGroup: e.supersetGroup,
      sets: e.sets.map(({ type, reps, weightKg, distanceM, durationSec }) => ({
        type,
        reps,
        weightKg,
        distanceM,
        durationSec,
      })),
    })),
  };
  const routine = await insertRoutine(ctx.db, user.id, values);
  if (!routine) throw new HttpError(409, [trainingErrors.tooManyRoutines]);
  const exercises = await exercisesVisibleTo(
    ctx.db,
    user.id,
    values.exercises.map((e) => e.exerciseId),
  );
  return { routine: routineAnswer(routine, exercises) };
};

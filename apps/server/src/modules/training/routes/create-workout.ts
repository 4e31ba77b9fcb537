import { trainingErrors } from '@spotter/contract';
import { idempotencyKeyTables } from '../../../db/idempotency-keys';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { idempotencyKeyOf, idempotentCreate } from '../../../http/idempotency-key';
import { workoutsByIds } from '../queries/workouts';
import { storeNewWorkout } from '../workout-create';
import { newWorkoutId } from '../workout-id';

/**
 * POST /api/workouts. With an Idempotency-Key (the offline outbox sends one with every try), a
 * replay answers the workout the first call stored, a replay of a workout deleted since is a 404,
 * and the key reused for a different workout is a 422 (http/idempotency-key.ts, shared with posts).
 */
export const createWorkout: Handler<'createWorkout'> = async ({ body, user, request }, ctx) => {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return { workout: await storeNewWorkout(ctx.db, user, body.workout) };
  const workout = await idempotentCreate(
    ctx.db,
    idempotencyKeyTables.workouts,
    { userId: user.id, key, body: body.workout, newId: newWorkoutId },
    (id, claim) => storeNewWorkout(ctx.db, user, body.workout, { id, claim }),
    async (id) => {
      const [stored] = await workoutsByIds(ctx.db, [id]);
      if (!stored) throw notFound(trainingErrors.workoutNotFound);
      return stored;
    },
  );
  return { workout };
};

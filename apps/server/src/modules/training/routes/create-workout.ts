import crypto from 'node:crypto';
import { apiErrors, trainingErrors, type Workout } from '@spotter/contract';
import type { Db } from '../../../db/database';
import { HttpError, notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { idempotencyKeyOf } from '../../../http/idempotency-key';
import { claimWorkoutKey, findWorkoutKey, type WorkoutKey, WorkoutKeyTaken } from '../queries/workout-idempotency';
import { workoutsByIds } from '../queries/workouts';
import { storeNewWorkout } from '../workout-create';

/**
 * POST /api/workouts. With an Idempotency-Key (the offline outbox sends one with every try), a
 * replay answers the workout the first call stored, a replay of a workout deleted since is a 404,
 * and the key reused for a different workout is a 422 (the IETF Idempotency-Key draft's rule).
 */
export const createWorkout: Handler<'createWorkout'> = async ({ body, user, request }, ctx) => {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return { workout: await storeNewWorkout(ctx.db, user, body.workout) };
  const bodySha256 = crypto.createHash('sha256').update(JSON.stringify(body.workout)).digest('hex');
  const earlier = await findWorkoutKey(ctx.db, user.id, key);
  if (earlier) return { workout: await replayed(ctx.db, earlier, bodySha256) };
  const id = crypto.randomUUID();
  try {
    return {
      workout: await storeNewWorkout(ctx.db, user, body.workout, {
        id,
        claim: claimWorkoutKey(user.id, key, id, bodySha256),
      }),
    };
  } catch (error) {
    if (!(error instanceof WorkoutKeyTaken)) throw error;
    const winner = await findWorkoutKey(ctx.db, user.id, key);
    if (!winner) throw error;
    return { workout: await replayed(ctx.db, winner, bodySha256) };
  }
};

async function replayed(db: Db, earlier: WorkoutKey, bodySha256: string): Promise<Workout> {
  if (earlier.bodySha256 !== bodySha256) throw new HttpError(422, [apiErrors.idempotencyKeyReused]);
  const [workout] = await workoutsByIds(db, [earlier.workoutId]);
  if (!workout) throw notFound(trainingErrors.workoutNotFound);
  return workout;
}

import { storeNewWorkout } from '../../answers/workout-create';
import type { Handler } from '../../http/add-route';

export const createWorkout: Handler<'createWorkout'> = async ({ body, user }, ctx) => ({
  workout: await storeNewWorkout(ctx.db, user, body.workout),
});

import type { Handler } from '../../../http/add-route';
import { storeNewWorkout } from '../workout-create';

export const createWorkout: Handler<'createWorkout'> = async ({ body, user }, ctx) => ({
  workout: await storeNewWorkout(ctx.db, user, body.workout),
});

import type { Handler } from '../../../http/add-route';
import { searchExercises } from '../queries/exercises';

export const listExercises: Handler<'listExercises'> = async ({ query, user }, ctx) => ({
  exercises: await searchExercises(ctx.db, user?.id, query.q, query.limit),
});

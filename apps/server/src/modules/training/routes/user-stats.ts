import { apiErrors } from '@spotter/contract';
import { notFound } from '../../../errors';
import type { Handler } from '../../../http/add-route';
import { workoutStats } from '../queries/training-stats';
import { readFigures } from '../visible-owner';

export const userStats: Handler<'userStats'> = async ({ params, user }, ctx) => {
  const now = new Date();
  const [stats] = await readFigures(ctx.db, params.username, user, (of) => workoutStats(ctx.db, of, now));
  // Only a person gone between the owner's read and their stats' has none.
  if (!stats) throw notFound(apiErrors.userNotFound);
  return stats;
};

import type { Handler } from '../../http/add-route';
import { workoutStats } from '../../queries/training-stats';
import { visibleTrainingOwner } from '../../training/visible-owner';

export const userStats: Handler<'userStats'> = async ({ params, user }, ctx) => {
  const { owner, settings } = await visibleTrainingOwner(ctx.db, params.username, user);
  return workoutStats(ctx.db, owner.id, settings.timeZone, new Date());
};

import { trainingLimits } from '@spotter/contract';
import type { Handler } from '../../http/add-route';
import { progressPoints } from '../../queries/training-stats';
import { visibleTrainingOwner } from '../../training/visible-owner';

export const userProgress: Handler<'userProgress'> = async ({ params, query, user }, ctx) => {
  const { owner } = await visibleTrainingOwner(ctx.db, params.username, user);
  const points = await progressPoints(ctx.db, owner.id, query.exerciseId, {
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    limit: trainingLimits.progressMaxPoints,
  });
  return { points };
};

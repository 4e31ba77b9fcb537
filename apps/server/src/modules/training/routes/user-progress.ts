import { trainingLimits } from '@spotter/contract';
import type { Handler } from '../../../http/add-route';
import { progressPoints } from '../queries/training-stats';
import { readFigures } from '../visible-owner';

export const userProgress: Handler<'userProgress'> = async ({ params, query, user }, ctx) => {
  const range = {
    ...(query.from ? { from: query.from } : {}),
    ...(query.to ? { to: query.to } : {}),
    limit: trainingLimits.progressMaxPoints,
  };
  const points = await readFigures(ctx.db, params.username, user, (of) =>
    progressPoints(ctx.db, of, query.exerciseId, range),
  );
  return { points };
};

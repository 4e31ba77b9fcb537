import type { Handler } from '../../http/add-route';
import { currentRecords } from '../../queries/training-stats';
import { visibleTrainingOwner } from '../../training/visible-owner';

export const userRecords: Handler<'userRecords'> = async ({ params, user }, ctx) => {
  const { owner } = await visibleTrainingOwner(ctx.db, params.username, user);
  return { records: await currentRecords(ctx.db, owner.id) };
};

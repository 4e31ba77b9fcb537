import type { Handler } from '../../../http/add-route';
import { trainingSettingsOf } from '../queries/training-stats';

export const trainingSettings: Handler<'trainingSettings'> = async ({ user }, ctx) => ({
  settings: await trainingSettingsOf(ctx.db, user.id),
});

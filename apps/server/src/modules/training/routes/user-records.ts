import type { Handler } from '../../../http/add-route';
import { currentRecords } from '../queries/training-stats';
import { readFigures } from '../visible-owner';

export const userRecords: Handler<'userRecords'> = async ({ params, user }, ctx) => ({
  records: await readFigures(ctx.db, params.username, user, (of) => currentRecords(ctx.db, of)),
});

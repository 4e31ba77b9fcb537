import type { Handler } from '../../../http/add-route';
import { bytesOf, csvPart } from '../import-file';
import { importWorkoutsCsv } from '../workout-import';

/**
 * One import at a time per server (the import lane, issue 45 finding 3): a full lane refuses with
 * 503 before the file is read; in its turn the file is read as it arrives, never held whole.
 */
export const importWorkouts: Handler<'importWorkouts'> = async ({ request, query, user }, ctx) => {
  ctx.importLane.admit();
  return ctx.importLane.run(async () =>
    importWorkoutsCsv(ctx.db, user.id, bytesOf(await csvPart(request)), query.units, ctx.people),
  );
};

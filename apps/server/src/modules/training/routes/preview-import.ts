import type { Handler } from '../../../http/add-route';
import { bytesOf, csvPart } from '../import-file';
import { previewWorkoutsCsv } from '../workout-import';

/**
 * What importing the file would do, nothing stored: read in the import lane like an import (it reads
 * the whole file), so previews and imports together never run more than one at a time.
 */
export const previewImport: Handler<'previewImport'> = async ({ request, query, user }, ctx) => {
  ctx.importLane.admit();
  return ctx.importLane.run(async () =>
    previewWorkoutsCsv(ctx.db, user.id, bytesOf(await csvPart(request)), query.units, ctx.people),
  );
};

import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { MediaRow } from '../../db/schema';
import { deleteMediaRow } from './queries/media';

/**
 * Deletes uploads no post shows any more: the file first, then its row. A file that cannot be
 * deleted now keeps its (unattached) row, so the sweep tries again later.
 */
export async function removeMedia(
  ctx: Pick<AppContext, 'db' | 'mediaStore'>,
  rows: MediaRow[],
  log: FastifyBaseLogger,
): Promise<number> {
  let removed = 0;
  for (const row of rows) {
    try {
      await ctx.mediaStore.delete(row.key);
      await deleteMediaRow(ctx.db, row.id);
      removed += 1;
    } catch (error) {
      log.warn({ err: error, key: row.key }, 'could not delete a media file; the sweep will retry');
    }
  }
  return removed;
}

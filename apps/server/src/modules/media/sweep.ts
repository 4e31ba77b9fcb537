import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { runNowAndEvery } from '../../lifecycle/periodic';
import { knownMediaKeys, unattachedMediaBefore } from './queries/media';
import { removeMedia } from './remove';

/** An upload no post shows is kept this long (the composer may still be open), then swept. */
export const unattachedMediaTtlMs = 24 * 60 * 60 * 1000;
export const sweepIntervalMs = 60 * 60 * 1000;

const batchSize = 200;

export interface SweepResult {
  unattached: number;
  strayFiles: number;
}

/**
 * Removes uploads left unattached for a day, and stored files no row knows (left by a failure
 * between a file and its row, or by a deleted account) once they are as old. `now` is a parameter
 * so tests can move time.
 */
export async function sweepMedia(
  ctx: Pick<AppContext, 'db' | 'mediaStore'>,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<SweepResult> {
  const before = new Date(now.getTime() - unattachedMediaTtlMs);
  let unattached = 0;
  for (;;) {
    const rows = await unattachedMediaBefore(ctx.db, before.toISOString(), batchSize);
    const removed = await removeMedia(ctx, rows, log);
    unattached += removed;
    // A short batch is the last; one whose files could not be deleted is left for the next sweep.
    if (rows.length < batchSize || removed === 0) break;
  }

  let strayFiles = 0;
  const removeStrays = async (keys: string[]) => {
    const known = await knownMediaKeys(ctx.db, keys);
    for (const key of keys) {
      if (known.has(key)) continue;
      await ctx.mediaStore.delete(key);
      strayFiles += 1;
    }
  };
  let old: string[] = [];
  for await (const file of ctx.mediaStore.list()) {
    if (file.modifiedAt >= before) continue;
    old.push(file.key);
    if (old.length === batchSize) {
      await removeStrays(old);
      old = [];
    }
  }
  await removeStrays(old);
  if (unattached || strayFiles) log.info({ unattached, strayFiles }, 'media sweep removed files');
  return { unattached, strayFiles };
}

/** Uploads in progress when a previous run was killed: older than any upload takes. */
export async function clearAbandonedUploads(tmpDir: string, now = new Date()): Promise<number> {
  const before = now.getTime() - 60 * 60 * 1000;
  const names = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    const stat = await fsp.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtimeMs >= before) continue;
    await fsp.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** A sweep now and every hour, never keeping the process alive; stopped (and awaited) on close. */
export function scheduleMediaSweep(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  return runNowAndEvery(
    () => sweepMedia(ctx, log),
    sweepIntervalMs,
    (error) => log.error({ err: error }, 'media sweep failed'),
    clearAbandonedUploads(ctx.config.media.tmpDir),
  );
}

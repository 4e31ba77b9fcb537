import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../../context';
import { runNowAndEvery } from '../../../lifecycle/periodic';
import { remoteStoreKey } from '../../media';
import { isBlockedHost } from '../domain-blocks';
import { fetchedRemoteMediaAfter, markRemoteMediaDropped } from '../queries/remote-media';

/**
 * How long a fetched remote file is kept (Mastodon's MEDIA_CACHE_RETENTION_PERIOD, decision 101);
 * one shown after that is fetched again from its origin.
 */
export const remoteMediaRetentionMs = 14 * 24 * 60 * 60 * 1000;
const sweepIntervalMs = 60 * 60 * 1000;
const batchSize = 200;

/**
 * Drops the stored copies of remote files fetched before the retention period, and of a blocked
 * domain's files (they are not served from the moment of the block; this frees their bytes). Their
 * rows stay, as posts and avatars still name them. `now` is a parameter so tests can move time.
 */
export async function sweepRemoteMedia(ctx: Pick<AppContext, 'db' | 'mediaStore'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - remoteMediaRetentionMs).toISOString();
  let dropped = 0;
  let after = '';
  for (;;) {
    const rows = await fetchedRemoteMediaAfter(ctx.db, after, batchSize);
    for (const row of rows) {
      const expired = row.fetched_at !== null && row.fetched_at < before;
      if (!expired && !(await isBlockedHost(ctx.db, new URL(row.url).hostname))) continue;
      await ctx.mediaStore.delete(remoteStoreKey(row.key, row.content_type ?? ''));
      await markRemoteMediaDropped(ctx.db, row.key);
      dropped += 1;
    }
    if (rows.length < batchSize) return dropped;
    after = rows[rows.length - 1]?.key ?? after;
  }
}

/** The sweep now and every hour, never keeping the process alive; stopped (and awaited) on close. */
export function scheduleRemoteMediaSweep(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  return runNowAndEvery(
    async () => {
      const dropped = await sweepRemoteMedia(ctx);
      if (dropped) log.info({ dropped }, 'remote media sweep dropped cached files');
    },
    sweepIntervalMs,
    (error) => log.error({ err: error }, 'remote media sweep failed'),
  );
}

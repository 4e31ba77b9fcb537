import type { AppContext } from '../../../context';
import { remoteStoreKey } from '../../media';
import { isBlockedHost } from '../domain-blocks';
import { markRemoteMediaFetched } from '../queries/remote-media';
import { fetchOrigin, OriginFetchError } from './fetch-origin';

/** How long one fetch of a remote file may take, redirects included, before the viewer is told 502. */
const originTimeoutMs = 20_000;

export interface CachedFile {
  storeKey: string;
  contentType: string;
}

interface RemoteMediaRow {
  key: string;
  url: string;
  content_type: string | null;
}

/** Fetches in progress, by store and key: viewers who miss the same file at once share one fetch. */
const inFlight = new WeakMap<object, Map<string, Promise<CachedFile>>>();

/**
 * A file refused or failed is not asked of its origin again for this long: every view of a post
 * would otherwise send its server a request (and a refused URL is one an attacker chose).
 */
const failureMemoryMs = 5 * 60 * 1000;
const failures = new WeakMap<object, Map<string, { error: OriginFetchError; until: number }>>();

function failuresOf(store: object) {
  let known = failures.get(store);
  if (!known) {
    known = new Map();
    failures.set(store, known);
  }
  return known;
}

async function fetchIntoStore(ctx: AppContext, row: RemoteMediaRow): Promise<CachedFile> {
  const fetched = await fetchOrigin(row.url, ctx.config.media.tmpDir, {
    allowPrivateAddresses: ctx.config.federation?.allowPrivateAddresses ?? false,
    maxImageBytes: ctx.config.media.maxImageBytes,
    maxVideoBytes: ctx.config.media.maxVideoBytes,
    timeoutMs: originTimeoutMs,
    isBlockedHost: (host) => isBlockedHost(ctx.db, host),
  });
  const storeKey = remoteStoreKey(row.key, fetched.contentType);
  await ctx.mediaStore.put(storeKey, fetched.file, fetched.contentType);
  await markRemoteMediaFetched(ctx.db, row.key, fetched.contentType, fetched.byteSize);
  return { storeKey, contentType: fetched.contentType };
}

/**
 * The stored copy of a remote file: the one already fetched, or (`refetch`, or never fetched) a
 * fetch of its origin now, shared by every viewer who asks while it runs.
 */
export function cachedRemoteFile(ctx: AppContext, row: RemoteMediaRow, refetch = false): Promise<CachedFile> {
  if (row.content_type && !refetch) {
    return Promise.resolve({ storeKey: remoteStoreKey(row.key, row.content_type), contentType: row.content_type });
  }
  let running = inFlight.get(ctx.mediaStore);
  if (!running) {
    running = new Map();
    inFlight.set(ctx.mediaStore, running);
  }
  const shared = running.get(row.key);
  if (shared) return shared;
  const known = failuresOf(ctx.mediaStore);
  const failed = known.get(row.key);
  if (failed && failed.until > Date.now()) return Promise.reject(failed.error);
  known.delete(row.key);
  const started = fetchIntoStore(ctx, row)
    .catch((error: unknown) => {
      if (error instanceof OriginFetchError) known.set(row.key, { error, until: Date.now() + failureMemoryMs });
      throw error;
    })
    .finally(() => running.delete(row.key));
  running.set(row.key, started);
  return started;
}

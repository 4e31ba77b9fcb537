export { blockDomain, blockedDomains, isBlockedHost, normalizeDomain, unblockDomain } from './domain-blocks';
export { DatabaseKvStore } from './kv-store';
export { DatabaseMessageQueue } from './message-queue';
export type { PostOutbox } from './post-outbox';
export { remoteMediaPathPrefix } from './queries/remote-media';
export { RedisMessageQueue } from './redis-message-queue';
export { remoteMediaFileRoutes } from './routes/remote-media-files';
export { startFederation } from './start';
export { Temporal } from './temporal';

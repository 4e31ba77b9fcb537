export { DatabaseKvStore } from './kv-store';
export { DatabaseMessageQueue } from './message-queue';
export type { PostOutbox } from './post-outbox';
export { startFederation } from './start';
export { Temporal } from './temporal';

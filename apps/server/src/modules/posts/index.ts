export { type FanoutQueue, localFanoutQueue, recoverPending } from './fanout-queue';
export { cardAnswer, postMutationAnswer, requireVisiblePost } from './post-answers';
export { type CachedCard, type CardJson, cachedEntriesOf, viewerCards } from './queries/card-cache';
export { type CardFieldsRow, cardQuery, toCardPost } from './queries/cards';
export {
  byTime,
  type Continues,
  continues,
  type Page,
  type PageRequest,
  reactedPage,
  rowsOf,
  toPage,
} from './queries/feeds';
export { backfillFollow, defaultTimelineLength, pruneUnfollow } from './queries/home-timeline';
export { lockVisiblePost } from './queries/lock';
export { findPostRow, findReportedPost, findVisiblePost } from './queries/posts';
export { redisFanoutQueue } from './redis-fanout-queue';

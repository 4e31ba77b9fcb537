export { deleteOwnPost } from './delete-action';
export { type FanoutQueue, localFanoutQueue, recoverPending } from './fanout-queue';
export { cardAnswer, pageAnswer, postMutationAnswer, requireVisiblePost } from './post-answers';
export { postContentOf, postPhotosOf, postTimesOf } from './post-fields';
export { mediaFields, refuseTakenMedia } from './post-media';
export { addBoost, type Boost, removeBoost } from './queries/boosts';
export { type CachedCard, type CardJson, cachedEntriesOf, viewerCards } from './queries/card-cache';
export { type CardFieldsRow, cardById, cardQuery, toCardPost } from './queries/cards';
export {
  authorPage,
  authorPageByName,
  byTime,
  explorePage,
  ordered,
  type Page,
  type PostOrigin,
  reactedPage,
  toPage,
} from './queries/feeds';
export { homePage } from './queries/home-feed';
export { backfillFollow, defaultTimelineLength, pruneUnfollow } from './queries/home-timeline';
export { lockVisiblePost } from './queries/lock';
export { countPosts } from './queries/post-count';
export { findPostRow, findReportedPost, findVisiblePost, insertPost, updatePost } from './queries/posts';
export { redisFanoutQueue } from './redis-fanout-queue';

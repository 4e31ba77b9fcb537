export { indexCommentTags, mentionedIn, postSideWrites } from './mentions';
export { findCommentForModeration } from './queries/comments';
export { postsTaggedByCommentsOf, reindexPostTags, replaceCommentTags, tagsStartingWith } from './queries/tags';
export { storePost } from './store-post';

export { indexCommentTags, mentionedIn, postSideWrites } from './mentions';
export { findCommentForModeration, updateComment } from './queries/comments';
export { postsTaggedByCommentsOf, reindexPostTags, replaceCommentTags, tagsStartingWith } from './queries/tags';
export { removeComment } from './remove-comment';
export { storeComment } from './store-comment';
export { storePost } from './store-post';

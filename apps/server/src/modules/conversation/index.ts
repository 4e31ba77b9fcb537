export { editOwnPost } from './edit-post';
export { indexCommentTags, mentionedIn, postSideWrites } from './mentions';
export { commentPageByPostId, findCommentForModeration, updateComment } from './queries/comments';
export {
  postsTaggedByCommentsOf,
  reindexPostTags,
  replaceCommentTags,
  tagPage,
  tagsStartingWith,
  trending,
} from './queries/tags';
export { removeComment } from './remove-comment';
export { storeComment } from './store-comment';
export { storePost } from './store-post';

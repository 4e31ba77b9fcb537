export { editOwnPost } from './edit-post';
export { indexCommentTags, mentionedIn, postSideWrites } from './mentions';
export { commentPageByPostId, findCommentForModeration } from './queries/comments';
export {
  postsTaggedByCommentsOf,
  reindexPostTags,
  replaceCommentTags,
  tagPage,
  tagsStartingWith,
  trending,
} from './queries/tags';
export { storePost } from './store-post';

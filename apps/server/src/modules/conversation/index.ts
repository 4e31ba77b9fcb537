export { indexCommentTags, mentionedIn, postSideWrites } from './mentions';
export { findCommentForModeration } from './queries/comments';
export { replaceCommentTags } from './queries/tags';

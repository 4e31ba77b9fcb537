export { addRelation, removeRelation } from './queries/blocks';
export {
  actorVisibleTo,
  blockedBy,
  blockedEitherWay,
  blocking,
  commentVisibleTo,
  hiddenActorsOf,
  hiddenCommentCount,
  moderatorOpens,
  mutedBy,
  postVisibleTo,
  recipientOf,
  reportedComment,
  userOpensTo,
  userVisibleTo,
  type ViewerKey,
} from './queries/visibility';

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
export { relationAnswer } from './relation-answers';

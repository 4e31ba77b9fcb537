export {
  actorVisibleTo,
  blockedEitherWay,
  commentVisibleTo,
  hiddenActorsOf,
  moderatorOpens,
  mutedBy,
  postVisibleTo,
  recipientOf,
  reportedComment,
  userOpensTo,
  userVisibleTo,
  type ViewerKey,
} from './queries/visibility';

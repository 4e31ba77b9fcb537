export { turnOffTwoFactorAsOperator } from './operator-two-factor';
export { hashPassword, verifyPassword } from './password';
export { countMembers } from './queries/member-count';
export { lockPeople } from './queries/people-locks';
export { isFollowing, toProfile } from './queries/profiles';
export { searchUsers } from './queries/search';
export {
  endSessionByKey,
  findGrantSession,
  findSessionByRefresh,
  type SessionOrigin,
  sessionGrantOf,
} from './queries/sessions';
export { suggestUsers } from './queries/suggestions';
export {
  findProfileUser,
  findUserById,
  findUserByPublicId,
  findUserByUsername,
  findVisibleUserByPublicId,
  insertUser,
  knownUsernames,
  type SummaryRow,
  summaryColumns,
  toFullUsers,
  toUserSummary,
  updateProfile,
  userKeysByUsernames,
} from './queries/users';
export { usersByPublicIds } from './queries/users-by-public-ids';
export {
  currentSessionKey,
  erasedMeanwhile,
  identityChanged,
  optionalUser,
  requireUser,
} from './require-user';
export { makeResetLink } from './reset-link';
export { isModerator, requireAdmin, requireModerator } from './roles';
export { issueGrantToken, sessionOrigin } from './session-token';

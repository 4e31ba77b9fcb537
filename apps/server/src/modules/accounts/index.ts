export { hashPassword, verifyPassword } from './password';
export { lockPeople } from './queries/people-locks';
export { toProfile } from './queries/profiles';
export { searchUsers } from './queries/search';
export {
  findProfileUser,
  findUserById,
  findUserByPublicId,
  findUserByUsername,
  findVisibleUserByPublicId,
  insertUser,
  type SummaryRow,
  summaryColumns,
  toFullUsers,
  toUserSummary,
  userKeysByUsernames,
} from './queries/users';
export { erasedMeanwhile, identityChanged, optionalUser, requireUser } from './require-user';
export { makeResetLink } from './reset-link';
export { isModerator, requireAdmin, requireModerator } from './roles';

export { toUserPage, type UserPageRows } from './queries/follow-lists';
export { removeFollow } from './queries/follows';

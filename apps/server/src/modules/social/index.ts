export { followPerson, unfollowPerson } from './follow-actions';
export { userPageAnswer } from './follow-list';
export { likeAs, unlikeAs } from './like-actions';
export { toUserPage, type UserPageRows } from './queries/follow-lists';
export { followUser, removeFollow, unfollowUser } from './queries/follows';
export { relationshipsOf } from './queries/relationships';

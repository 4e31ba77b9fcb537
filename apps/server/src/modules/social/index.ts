export { followPerson, unfollowPerson } from './follow-actions';
export { userPageAnswer } from './follow-list';
export { likeAs, unlikeAs } from './like-actions';
export { addBookmark, removeBookmark } from './queries/bookmarks';
export { followPage, toUserPage, type UserPageRows } from './queries/follow-lists';
export { followUser, removeFollow, unfollowUser } from './queries/follows';
export { likersPage } from './queries/likers';
export { relationshipsOf } from './queries/relationships';

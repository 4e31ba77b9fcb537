export { grantAdmins, recordModeratorAction, setRole } from './queries/moderation';
export { ifNotSuspended, shiftFollowCounts } from './queries/moderation-counts';
export { suspensionOf } from './queries/suspensions';
export { stillSuspended } from './suspension-end';

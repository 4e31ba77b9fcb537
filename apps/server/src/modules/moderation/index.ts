export { grantAdmins, recordModeratorAction, setRole } from './queries/moderation';
export { ifNotSuspended, shiftFollowCounts } from './queries/moderation-counts';
export { fileReport, findReportTarget } from './queries/reports';
export { suspensionOf } from './queries/suspensions';
export { stillSuspended } from './suspension-end';

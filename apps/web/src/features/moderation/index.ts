/**
 * The moderation feature's public entry (issue 16): the Report item of the "⋯" menus of posts,
 * comments and profiles with its dialog (app/slots/others-menu.tsx puts it there), and the links to
 * /admin (moderators only): the navigation's and the one on a moderator's own profile. The /admin
 * screen is loaded lazily by app/router.tsx.
 */
export { isModerator, useMyRole } from './api/my-role';
export { AdminButton, AdminLink } from './components/admin-link';
export { ReportDialog, type ReportTarget } from './components/report-dialog';
export { useReportMenu } from './components/report-menu';

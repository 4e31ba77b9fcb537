/**
 * The moderation feature's public entry (issue 16): the Report item of the "⋯" menus of posts,
 * comments and profiles with its dialog, and the navigation link to /admin (moderators only). The
 * /admin screen is loaded lazily by app/router.tsx.
 */
export { isModerator, useMyRole } from './api/my-role';
export { AdminLink } from './components/admin-link';
export { ReportDialog, type ReportTarget } from './components/report-dialog';
export { useReportMenu } from './components/report-menu';

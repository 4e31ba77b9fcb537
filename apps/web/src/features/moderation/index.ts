/**
 * The moderation feature's public entry (issue 16): the Report dialog and its menu item for the
 * "⋯" menus of posts, comments and profiles, a Report button where there is no menu, and the
 * navigation link to /admin (moderators only). The /admin screen is loaded lazily by app/router.tsx.
 */
export { isModerator, useMyRole } from './api/my-role';
export { AdminLink } from './components/admin-link';
export { ReportButton } from './components/report-button';
export { ReportDialog, type ReportTarget } from './components/report-dialog';
export { ReportMenuItem } from './components/report-menu-item';

/**
 * The training feature's public entry: the workout summary a post card shows (app/slots puts it
 * there), the profile's training stats line and tabs (loaded on demand), which app/routes/profile.tsx
 * shows, and the "Log workout" screen (app/router.tsx, lazily).
 */
export { TrainingStatsLine } from './components/training-stats-line';
export { WorkoutSummaryView } from './components/workout-summary';

/** The profile's Workouts and Records tabs, in their own chunk (the chart's library comes later still). */
export const loadProfileTraining = () => import('./components/profile-training');

/** The workouts waiting on this device (issue 48): the app syncs them and warns before a logout drops them. */
export { discardOutboxOf } from './outbox/outbox-store';
export { useOutbox, useOutboxSync } from './outbox/use-outbox';

/**
 * The training feature's public entry: the workout summary a post card shows (app/slots puts it
 * there), the profile's training stats line and tabs (loaded on demand), which app/routes/profile.tsx
 * shows, and the "Log workout" screen (app/router.tsx, lazily).
 */

export { PostWorkout } from './components/post-workout';
/** The composer's "Attach a workout": one of the author's recent workouts (app/slots gives it the composer). */
export { RecentWorkoutPicker } from './components/recent-workout-picker';
export { TrainingStatsLine } from './components/training-stats-line';
export { WorkoutSummaryView } from './components/workout-summary';

/** The profile's Workouts and Records tabs, in their own chunk (the chart's library comes later still). */
export const loadProfileTraining = () => import('./components/profile-training');

/** The workouts waiting on this device (issue 48): the app syncs them and warns before a logout drops them. */
export { discardOutboxOf } from './outbox/outbox-store';
export { useOutbox, useOutboxSync } from './outbox/use-outbox';

/** "Import from Strong or Hevy" and its dialog, in their own chunk: Settings shows the button too. */
export const loadImportWorkouts = () => import('./components/import-workouts');

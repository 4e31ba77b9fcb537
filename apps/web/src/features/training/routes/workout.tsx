import type { ComponentType } from 'react';
import { WorkoutPage } from '../components/workout-page';
// The edit form is made of the log form's pieces, and wears its styles.
import './log-workout.css';

/**
 * /workouts/:workoutId (issue 46): a past workout; `NotFound` is the app's not-found page, which
 * app/router.tsx gives, for a workout that does not exist or that the viewer may not see.
 */
export function WorkoutRoute({ NotFound }: { NotFound: ComponentType }) {
  return <WorkoutPage NotFound={NotFound} />;
}

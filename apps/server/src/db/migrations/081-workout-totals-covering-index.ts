import { rebuiltIndex } from './rebuilt-index';

/**
 * A person's training stats count their workouts and add up their volume (`totalsQuery`,
 * modules/training/queries/training-stats.ts): one row per workout of two years' history, each read by its key from
 * `workouts_user_started_at_id`, the rows scattered over the table as everyone's workouts were
 * written. With the volume in the index the totals are one range of it (a stats answer before and
 * after: docs/performance-log.md, "workout totals from their index", 2026-11-28). The leading columns
 * are the same, so the weeks' walk and every other read of the index are served as before.
 */
export const workoutTotalsCoveringIndex = () =>
  rebuiltIndex('workouts_user_started_at_id', 'workouts', ['user_id', 'started_at', 'id'], ['total_volume_kg']);

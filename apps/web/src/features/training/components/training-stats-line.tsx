import { countOf } from '../../../lib/plural';
import { useUserStats } from '../api/training-queries';

/** The profile's weekly streak and this week's count; nothing when the person keeps them private. */
export function TrainingStatsLine({ username }: { username: string }) {
  const { data } = useUserStats(username);
  if (!data || data.workouts === 0) return null;
  const weeks = data.weeklyStreak;
  return (
    <p className="training-stats-line" data-testid="training-stats">
      {countOf(weeks, 'week')} streak · {data.workoutsThisWeek} this week · {countOf(data.workouts, 'workout')}
    </p>
  );
}

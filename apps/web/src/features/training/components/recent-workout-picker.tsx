import { useId, useState } from 'react';
import { formatDay } from '../../../lib/dates';
import { useSession } from '../../../lib/session';
import { useUserWorkouts } from '../api/training-queries';

export interface RecentWorkoutPickerProps {
  /** The workout attached, by id; null for none. */
  value: string | null;
  onChange: (workoutId: string | null) => void;
}

/**
 * The composer's "Attach a workout" (issue 46): one of the author's recent workouts (the first page
 * of their Workouts tab), shared as the post's workout card. Asked for only once the person opens it.
 */
export function RecentWorkoutPicker({ value, onChange }: RecentWorkoutPickerProps) {
  const [open, setOpen] = useState(value !== null);
  const selectId = useId();
  if (!open) {
    return (
      <button type="button" className="button button--secondary button--sm" onClick={() => setOpen(true)}>
        Attach a workout
      </button>
    );
  }
  return <Choices selectId={selectId} value={value} onChange={onChange} onClose={() => setOpen(false)} />;
}

function Choices({
  selectId,
  value,
  onChange,
  onClose,
}: RecentWorkoutPickerProps & { selectId: string; onClose: () => void }) {
  const username = useSession()?.user.username ?? '';
  const { data, isPending, error } = useUserWorkouts(username);
  const workouts = data?.pages[0]?.workouts ?? [];
  return (
    <div className="recent-workout-picker">
      <label htmlFor={selectId}>Workout to share</label>{' '}
      <select
        id={selectId}
        value={value ?? ''}
        disabled={isPending}
        onChange={(event) => onChange(event.target.value || null)}
      >
        <option value="">{isPending ? 'Loading your workouts…' : error ? 'Your workouts did not load' : 'None'}</option>
        {workouts.map((w) => (
          <option key={w._id} value={w._id}>
            {w.title} · {formatDay(w.startedAt)}
          </option>
        ))}
      </select>{' '}
      <button
        type="button"
        className="button button--secondary button--sm"
        onClick={() => {
          onChange(null);
          onClose();
        }}
      >
        {value ? 'Remove workout' : 'Cancel'}
      </button>
      {!isPending && !error && workouts.length === 0 && <p>You have not logged a workout yet.</p>}
    </div>
  );
}

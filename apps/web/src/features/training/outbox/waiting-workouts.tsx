import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/dates';
import { plainRefusal } from '../lib/refusal';
import { type OutboxEntry, putEntry, removeEntry } from './outbox-store';
import './waiting-workouts.css';

/**
 * "Waiting to sync (n)": the workouts saved on this device that the server has not stored yet, on
 * the Log screen and the Workouts tab (issue 48). One the server refused shows its reason, with
 * Retry and Discard.
 */
export function WaitingWorkouts({ entries }: { entries: readonly OutboxEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section className="waiting-workouts" aria-labelledby="waiting-workouts-heading">
      <h2 id="waiting-workouts-heading" aria-live="polite">
        Waiting to sync ({entries.length})
      </h2>
      <ul>
        {entries.map((entry) => (
          <li key={entry.key} className="waiting-workouts__entry">
            <span className="waiting-workouts__title">{entry.workout.title || 'Workout'}</span>{' '}
            <time dateTime={entry.workout.startedAt}>{formatDateTime(entry.workout.startedAt)}</time>
            {entry.refusal !== null ? (
              <span className="waiting-workouts__refusal">
                <span>Not saved: {plainRefusal(entry.refusal)}</span>
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => void putEntry({ ...entry, refusal: null, attempts: 0, nextTryAt: 0 })}
                >
                  Retry
                </Button>
                <Button size="sm" variant="secondary" onClick={() => void removeEntry(entry.key)}>
                  Discard
                </Button>
              </span>
            ) : (
              <span className="waiting-workouts__state"> · saved on this device</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

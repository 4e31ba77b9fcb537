import type { WorkoutSummary } from '@spotter/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useUnits } from '../api/training-queries';
import { formatDuration, formatSet, formatWeight, recordText } from '../lib/format';
import './workout-summary.css';

/**
 * A workout as a card shows it: title, duration and volume, each exercise's best set, record badges.
 * With `to`, the title links to the workout's page; `children` end the card (a post's "Copy to my log").
 */
export function WorkoutSummaryView({
  workout,
  to,
  children,
}: {
  workout: WorkoutSummary;
  to?: string;
  children?: ReactNode;
}) {
  const unit = useUnits();
  const facts = [
    workout.durationSec ? formatDuration(workout.durationSec) : null,
    workout.totalVolumeKg > 0 ? `${formatWeight(workout.totalVolumeKg, unit)} lifted` : null,
  ].filter((fact) => fact !== null);
  return (
    <section className="workout-summary" aria-label={`Workout: ${workout.title}`} data-testid="workout-summary">
      <h3 className="workout-summary__title">{to ? <Link to={to}>{workout.title}</Link> : workout.title}</h3>
      {facts.length > 0 && <p className="workout-summary__facts">{facts.join(' · ')}</p>}
      <ul className="workout-summary__exercises">
        {workout.exercises.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a list shown as it is, never reordered; an exercise may come twice
          <li key={`${e.exerciseId}-${i}`}>
            <span className="workout-summary__exercise">{e.name}</span>
            <span className="workout-summary__best">
              {e.setCount} {e.setCount === 1 ? 'set' : 'sets'}
              {e.bestSet ? ` · best ${formatSet(e.bestSet, unit)}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {workout.records.length > 0 && (
        <ul className="workout-summary__records" aria-label="Personal records">
          {workout.records.map((r) => (
            <li key={`${r.exerciseId}-${r.type}-${r.weightKg}`} className="record-badge" data-testid="record-badge">
              <span className="record-badge__tag">PR</span> {r.exerciseName}: {recordText(r, unit)}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}

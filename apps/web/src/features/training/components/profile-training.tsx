import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDay } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { useUnits, useUserRecords, useUserWorkouts } from '../api/training-queries';
import { bestText, formatWeight } from '../lib/format';
import { useOutbox } from '../outbox/use-outbox';
import { WaitingWorkouts } from '../outbox/waiting-workouts';
import { ImportWorkoutsButton } from './import-workouts';
import { WorkoutSummaryView } from './workout-summary';
import './profile-training.css';

// The chart library loads only when a chart is shown.
const ProgressChart = lazy(() => import('./progress-chart'));

/** The profile's Workouts tab: the person's workouts, latest first; on one's own, those waiting to sync first. */
export function ProfileWorkouts({ username }: { username: string }) {
  const own = useSession()?.user.username === username;
  const waiting = useOutbox(own ? username : undefined);
  return (
    <>
      {own && (
        <div className="profile-training__import">
          <ImportWorkoutsButton />
        </div>
      )}
      <WaitingWorkouts entries={waiting} />
      <StoredWorkouts username={username} />
    </>
  );
}

function StoredWorkouts({ username }: { username: string }) {
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useUserWorkouts(username);
  if (isPending) return <Spinner label="Loading workouts" />;
  if (error) return <p role="alert">{errorText(error)}</p>;
  const workouts = data.pages.flatMap((page) => page.workouts);
  if (workouts.length === 0)
    return <p className="profile-training__empty">@{username} has not logged a workout yet.</p>;
  return (
    <>
      <ul className="profile-training__list">
        {workouts.map((w) => (
          <li key={w._id}>
            <p className="profile-training__date">
              <time dateTime={w.startedAt}>{formatDay(w.startedAt)}</time>
            </p>
            <WorkoutSummaryView
              to={paths.workout(w._id)}
              workout={{
                ...w,
                exercises: w.exercises.map((e) => ({ ...e, setCount: e.sets.length })),
                records: w.records.map((r) => ({
                  ...r,
                  exerciseName: w.exercises.find((e) => e.exerciseId === r.exerciseId)?.name ?? '',
                })),
              }}
            />
          </li>
        ))}
      </ul>
      {hasNextPage && (
        <Button variant="secondary" busy={isFetchingNextPage} onClick={() => fetchNextPage()}>
          More workouts
        </Button>
      )}
    </>
  );
}

/** The profile's Records tab: the current best per exercise, and a progress chart of the chosen one. */
export function ProfileRecords({ username }: { username: string }) {
  const unit = useUnits();
  const { data, error, isPending } = useUserRecords(username);
  const [chosen, setChosen] = useState('');
  if (isPending) return <Spinner label="Loading records" />;
  if (error) return <p role="alert">{errorText(error)}</p>;
  if (data.length === 0) return <p className="profile-training__empty">No records yet.</p>;
  const exerciseId = chosen || data[0]?.exerciseId || '';
  const measure = data.find((r) => r.exerciseId === exerciseId)?.measure ?? 'weight_reps';
  return (
    <div className="profile-training__records">
      <label className="profile-training__pick">
        Progress of
        <select value={exerciseId} onChange={(event) => setChosen(event.target.value)}>
          {data.map((r) => (
            <option key={r.exerciseId} value={r.exerciseId}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <Suspense fallback={<Spinner label="Loading chart" />}>
        <ProgressChart username={username} exerciseId={exerciseId} measure={measure} unit={unit} />
      </Suspense>
      <table className="profile-training__table">
        <caption className="visually-hidden">Personal records of @{username}</caption>
        <thead>
          <tr>
            <th scope="col">Exercise</th>
            <th scope="col">Best</th>
            <th scope="col">e1RM</th>
            <th scope="col">Sessions</th>
          </tr>
        </thead>
        <tbody>
          {data.map((r) => (
            <tr key={r.exerciseId}>
              <th scope="row">{r.name}</th>
              <td>{bestText(r, unit) ?? '–'}</td>
              <td>{r.bestE1rmKg !== null ? formatWeight(r.bestE1rmKg, unit) : '–'}</td>
              <td>{r.sessions}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { Workout, WorkoutSet } from '@spotter/contract';
import { type ComponentType, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { randomId } from '../../../lib/random-id';
import { useSession } from '../../../lib/session';
import { useUnits } from '../api/training-queries';
import { useDeleteWorkout, useSaveAsRoutine, useShareWorkout, useWorkout } from '../api/workout-actions';
import type { FormUnits } from '../lib/draft';
import { distanceUnitOf, formatDuration, formatPace, formatSet, formatWeight, recordText } from '../lib/format';
import { setTypeWords } from './set-row';
import { WorkoutEditForm } from './workout-edit-form';
import './workout-page.css';
import './workout-summary.css';

/**
 * /workouts/:workoutId (issue 46): one workout in full. Its owner can edit it, delete it (asked
 * first), share it as a post or save it as a routine; others read it. A workout that does not exist,
 * or whose owner the viewer may not see, is the app's not-found page (`NotFound`, the app's slot).
 */
export function WorkoutPage({ NotFound }: { NotFound: ComponentType }) {
  const { workoutId = '' } = useParams();
  const { data: workout, error, isPending } = useWorkout(workoutId);
  useDocumentTitle(workout ? workout.title : error ? null : 'Workout');
  if (isPending) return <Spinner label="Loading workout" />;
  if (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFound />;
    return <p role="alert">{errorText(error)}</p>;
  }
  return <WorkoutInFull workout={workout} />;
}

function WorkoutInFull({ workout }: { workout: Workout }) {
  const own = useSession()?.user.username === workout.username;
  const weight = useUnits();
  const units: FormUnits = { weight, distance: distanceUnitOf(weight) };
  const [editing, setEditing] = useState(false);
  const headingId = useId();

  if (editing) {
    return (
      <article className="workout-page" aria-labelledby={headingId}>
        <h1 id={headingId}>Edit workout</h1>
        <WorkoutEditForm workout={workout} units={units} onDone={() => setEditing(false)} />
      </article>
    );
  }

  const facts = [
    workout.durationSec ? formatDuration(workout.durationSec) : null,
    workout.totalVolumeKg > 0 ? `${formatWeight(workout.totalVolumeKg, weight)} lifted` : null,
  ].filter((fact) => fact !== null);
  const nameOf = (exerciseId: string) => workout.exercises.find((e) => e.exerciseId === exerciseId)?.name ?? '';

  return (
    <article className="workout-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{workout.title}</h1>
      <p className="workout-page__when">
        <time dateTime={workout.startedAt}>{formatDateTime(workout.startedAt)}</time>
        {facts.length > 0 ? ` · ${facts.join(' · ')}` : ''}
        {' · '}
        <Link to={paths.profile(workout.username)}>@{workout.username}</Link>
      </p>
      {own && <OwnerActions workout={workout} onEdit={() => setEditing(true)} />}
      {workout.notes && <p className="workout-page__notes">{workout.notes}</p>}
      {workout.records.length > 0 && (
        <ul className="workout-summary__records" aria-label="Personal records">
          {workout.records.map((r) => (
            <li key={`${r.exerciseId}-${r.type}-${r.weightKg}`} className="record-badge" data-testid="record-badge">
              <span className="record-badge__tag">PR</span> {nameOf(r.exerciseId)}: {recordText(r, weight)}
            </li>
          ))}
        </ul>
      )}
      {workout.exercises.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: shown as stored, never reordered; an exercise may come twice
        <section key={`${e.exerciseId}-${i}`} className="workout-page__exercise" aria-label={e.name}>
          <h2>
            {e.name}
            {e.supersetGroup !== null && <span className="workout-page__superset"> · superset {e.supersetGroup}</span>}
          </h2>
          {e.notes && <p className="workout-page__notes">{e.notes}</p>}
          <ol className="workout-page__sets">
            {e.sets.map((s, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a set is its place in the list
              <li key={n} data-done={s.done || undefined}>
                {setLine(s, n, units)}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </article>
  );
}

/** "Set 2 · Warm-up · 5 × 60 kg · RPE 8 · not done". */
function setLine(set: WorkoutSet, index: number, units: FormUnits): string {
  const pace = set.distanceM !== null ? formatPace(set.distanceM, set.durationSec, units.distance) : null;
  return [
    `Set ${index + 1}`,
    set.type === 'normal' ? null : setTypeWords[set.type],
    formatSet(set, units.weight) || '–',
    pace,
    set.rpe === null ? null : `RPE ${set.rpe}`,
    set.done ? null : 'not done',
  ]
    .filter((part) => part !== null)
    .join(' · ');
}

function OwnerActions({ workout, onEdit }: { workout: Workout; onEdit: () => void }) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState<'delete' | 'share' | null>(null);
  const remove = useDeleteWorkout(workout._id);
  const routine = useSaveAsRoutine(workout._id);
  return (
    <div className="workout-page__actions">
      <Button variant="secondary" onClick={onEdit}>
        Edit
      </Button>
      <Button variant="secondary" onClick={() => setAsking('share')}>
        Share as post
      </Button>
      <Button
        variant="secondary"
        busy={routine.isPending}
        onClick={() =>
          routine.mutate(undefined, {
            onSuccess: (saved) => toast.success(`Saved as the routine “${saved.title}”`),
            onError: (error) => toast.error(errorText(error)),
          })
        }
      >
        Save as routine
      </Button>
      <Button variant="danger" onClick={() => setAsking('delete')}>
        Delete
      </Button>
      {asking === 'delete' && (
        <ConfirmDialog
          title="Delete this workout?"
          confirmLabel="Delete workout"
          confirmVariant="danger"
          busy={remove.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                toast.success('Workout deleted');
                navigate(paths.profile(workout.username), { replace: true });
              },
              onError: (error) => toast.error(errorText(error)),
            })
          }
        >
          “{workout.title}” and its sets go for good; the records of later workouts are worked out again.
        </ConfirmDialog>
      )}
      {asking === 'share' && <ShareDialog workout={workout} onClose={() => setAsking(null)} />}
    </div>
  );
}

function ShareDialog({ workout, onClose }: { workout: Workout; onClose: () => void }) {
  const [caption, setCaption] = useState('');
  const [key] = useState(randomId);
  const share = useShareWorkout(workout._id);
  const captionId = useId();
  return (
    <Modal open onClose={onClose} title="Share as post">
      <div className="log-workout__field">
        <label htmlFor={captionId}>Caption</label>
        <textarea
          id={captionId}
          rows={3}
          maxLength={500}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
        />
      </div>
      <div className="confirm-dialog__actions">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          busy={share.isPending}
          onClick={() =>
            share.mutate(
              { content: caption, key },
              {
                onSuccess: () => {
                  toast.success('Workout shared');
                  onClose();
                },
                onError: (error) => toast.error(errorText(error)),
              },
            )
          }
        >
          Share
        </Button>
      </div>
    </Modal>
  );
}

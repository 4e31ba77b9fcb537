import type { Exercise } from '@spotter/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { useLogWorkout } from '../api/log-workout';
import { exerciseCatalogue, useExerciseSearch, useUnits } from '../api/training-queries';
import { type SharePhoto, SharePhotoPicker } from '../components/share-photo';
import { type DraftExercise, type DraftSet, emptySet, fieldsOf, toWorkoutBody } from '../lib/draft';
import { useOutbox } from '../outbox/use-outbox';
import { WaitingWorkouts } from '../outbox/waiting-workouts';
import './log-workout.css';

const labels: Record<keyof DraftSet, (unit: string) => string> = {
  weight: (unit) => `Weight (${unit})`,
  reps: () => 'Reps',
  distanceKm: () => 'Distance (km)',
  minutes: () => 'Time (min)',
  seconds: () => 'Seconds',
};

/** "Log workout": exercises by search, sets typed fast (Enter adds the next, prefilled), then save or share. */
export function LogWorkoutRoute() {
  useDocumentTitle('Log workout');
  const session = useSession();
  const navigate = useNavigate();
  const unit = useUnits();
  const [title, setTitle] = useState('');
  const [query, setQuery] = useState('');
  const [exercises, setExercises] = useState<DraftExercise[]>([]);
  const [caption, setCaption] = useState('');
  const [photo, setPhoto] = useState<SharePhoto | null>(null);
  const [startedAt] = useState(() => new Date());
  const focusNext = useRef<string | null>(null);
  const search = useExerciseSearch(query.trim());
  // Fetched with the screen, so the service worker keeps it for a search with no connection.
  useQuery(exerciseCatalogue);
  const save = useLogWorkout();
  const waiting = useOutbox(session?.user.username);
  const formId = useId();

  // After a set or an exercise is added, its first field takes the focus.
  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const fieldId = (e: number, s: number, field: keyof DraftSet) => `${formId}-${e}-${s}-${field}`;

  function addExercise(exercise: Exercise) {
    const index = exercises.length;
    setExercises([...exercises, { exercise, sets: [{ ...emptySet }] }]);
    setQuery('');
    focusNext.current = fieldId(index, 0, fieldsOf[exercise.measure][0] ?? 'reps');
  }

  function addSet(e: number) {
    const entry = exercises[e];
    if (!entry) return;
    const previous = entry.sets[entry.sets.length - 1] ?? emptySet;
    setExercises(exercises.map((x, i) => (i === e ? { ...x, sets: [...x.sets, { ...previous }] } : x)));
    focusNext.current = fieldId(e, entry.sets.length, fieldsOf[entry.exercise.measure][0] ?? 'reps');
  }

  const setField = (e: number, s: number, field: keyof DraftSet, value: string) =>
    setExercises(
      exercises.map((x, i) =>
        i === e ? { ...x, sets: x.sets.map((set, j) => (j === s ? { ...set, [field]: value } : set)) } : x,
      ),
    );

  const removeSet = (e: number, s: number) =>
    setExercises(
      exercises
        .map((x, i) => (i === e ? { ...x, sets: x.sets.filter((_, j) => j !== s) } : x))
        .filter((x) => x.sets.length > 0),
    );

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    const first = search.data?.[0];
    if (event.key === 'Enter' && query.trim() !== '' && first) {
      event.preventDefault();
      addExercise(first);
    }
  }

  function onSetKey(event: KeyboardEvent<HTMLInputElement>, e: number) {
    if (event.key === 'Enter') {
      event.preventDefault();
      addSet(e);
    }
  }

  function submit(share: boolean) {
    const workout = toWorkoutBody(title, startedAt, exercises, unit);
    if (workout.exercises.length === 0) {
      toast.error('Add an exercise with at least one set.');
      return;
    }
    if (share && photo && photo.url === null) {
      toast.error('Wait for the photo to finish uploading.');
      return;
    }
    const image = photo?.url ? { url: photo.url, alt: photo.alt } : undefined;
    save.mutate(
      { workout, share: share ? { content: caption, ...(image ? { image } : {}) } : null },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'queued') {
            // No server to show it yet: the form is cleared for the next one, and the list above says it waits.
            toast.info('Saved on this device: it will sync when you are back online.');
            setTitle('');
            setExercises([]);
            setCaption('');
            setPhoto(null);
            return;
          }
          toast.success(share ? 'Workout shared' : 'Workout saved');
          if (session) navigate(share ? paths.home : paths.profile(session.user.username));
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  }

  return (
    <section className="log-workout" aria-labelledby={`${formId}-heading`}>
      <h1 id={`${formId}-heading`}>Log workout</h1>
      <WaitingWorkouts entries={waiting} />
      <label className="log-workout__field">
        Title
        <input value={title} onChange={(event) => setTitle(event.target.value)} placeholder="Workout" maxLength={100} />
      </label>

      {exercises.map((entry, e) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an exercise may be logged twice; entries are only appended
        <fieldset key={`${entry.exercise._id}-${e}`} className="log-workout__exercise" data-testid="log-exercise">
          <legend>{entry.exercise.name}</legend>
          <ol className="log-workout__sets">
            {entry.sets.map((set, s) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: sets have no identity but their place; the inputs are controlled
              <li key={s} className="log-workout__set">
                <span className="log-workout__set-number" aria-hidden="true">
                  {s + 1}
                </span>
                {fieldsOf[entry.exercise.measure].map((field) => (
                  <label key={field} className="log-workout__value">
                    <span className="visually-hidden">
                      {entry.exercise.name} set {s + 1}{' '}
                    </span>
                    {labels[field](unit)}
                    <input
                      id={fieldId(e, s, field)}
                      inputMode="decimal"
                      value={set[field]}
                      onChange={(event) => setField(e, s, field, event.target.value)}
                      onKeyDown={(event) => onSetKey(event, e)}
                    />
                  </label>
                ))}
                <button
                  type="button"
                  className="log-workout__remove"
                  aria-label={`Remove set ${s + 1} of ${entry.exercise.name}`}
                  onClick={() => removeSet(e, s)}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
          <Button variant="secondary" size="sm" onClick={() => addSet(e)}>
            Add set
          </Button>
        </fieldset>
      ))}

      <div className="log-workout__search">
        <label className="log-workout__field">
          Add exercise
          <input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onSearchKey}
            placeholder="Search exercises (Enter adds the first)"
            aria-describedby={`${formId}-results`}
          />
        </label>
        {query.trim() !== '' && (
          <ul id={`${formId}-results`} className="log-workout__results" aria-label="Exercises found">
            {(search.data ?? []).map((exercise) => (
              <li key={exercise._id}>
                <button type="button" onClick={() => addExercise(exercise)}>
                  {exercise.name}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <label className="log-workout__field">
        Caption (when shared)
        <textarea value={caption} onChange={(event) => setCaption(event.target.value)} rows={2} maxLength={500} />
      </label>
      <SharePhotoPicker photo={photo} onChange={setPhoto} />
      <div className="log-workout__actions">
        <Button variant="secondary" busy={save.isPending} onClick={() => submit(false)}>
          Save workout
        </Button>
        <Button busy={save.isPending} onClick={() => submit(true)}>
          Share as post
        </Button>
      </div>
    </section>
  );
}

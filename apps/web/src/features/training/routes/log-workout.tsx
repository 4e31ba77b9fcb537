import type { Exercise, Routine } from '@spotter/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { countOf } from '../../../lib/plural';
import { useSession } from '../../../lib/session';
import { useLogWorkout } from '../api/log-workout';
import { fetchRoutineWithLast, lastOfExerciseQuery, useCreateRoutine } from '../api/routines';
import { exerciseCatalogue, useUnits } from '../api/training-queries';
import { ExerciseCombobox } from '../components/exercise-combobox';
import { ExerciseEntry } from '../components/exercise-entry';
import { RestTimer } from '../components/rest-timer';
import { RoutineList } from '../components/routine-list';
import { type SharePhoto, SharePhotoPicker } from '../components/share-photo';
import { WorkoutWhen } from '../components/workout-when';
import { draftHasContent, type FormUnits, fieldsOf, type ValueField } from '../lib/draft';
import { toWorkoutBody } from '../lib/draft-body';
import { draftProblems, type Problems } from '../lib/draft-check';
import { distanceUnitOf, newRecordText } from '../lib/format';
import { refusalProblems } from '../lib/refusal';
import { startRest } from '../lib/rest-timer';
import { draftFromRoutine, routineBody } from '../lib/routine-draft';
import { useWorkoutDraft } from '../lib/use-workout-draft';
import { useOutbox } from '../outbox/use-outbox';
import { WaitingWorkouts } from '../outbox/waiting-workouts';
import './log-workout.css';
import { supersetOf } from '../lib/superset';

/**
 * "Log workout": exercises from the picker, sets typed fast (Enter adds the next, prefilled), a rest
 * timer between them, then save or share. The workout in progress is kept on the device at every
 * change and offered back on return; a box typed wrong says so beside it, and the save waits.
 */
export function LogWorkoutRoute() {
  useDocumentTitle('Log workout');
  const session = useSession();
  const username = session?.user.username;
  const navigate = useNavigate();
  const weight = useUnits();
  const units: FormUnits = { weight, distance: distanceUnitOf(weight) };
  const work = useWorkoutDraft(username);
  const { draft } = work;
  const [caption, setCaption] = useState('');
  const [photo, setPhoto] = useState<SharePhoto | null>(null);
  /** "Share as post" was clicked while the photo uploads: the share goes once it is up. */
  const [shareWaiting, setShareWaiting] = useState(false);
  /** The records a save just set, shown before the screen is left for `to`. */
  const [celebration, setCelebration] = useState<{ lines: string[]; to: string } | null>(null);
  /** Shown once a save was tried (or the server refused one), and kept current as boxes are fixed. */
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<Problems>({});
  const focusNext = useRef<string | null>(null);
  const leaving = useRef(false);
  // Fetched with the screen, so the service worker keeps it for a search with no connection.
  const catalogue = useQuery(exerciseCatalogue);
  const client = useQueryClient();
  const save = useLogWorkout();
  const saveRoutine = useCreateRoutine();
  const [starting, setStarting] = useState<string | null>(null);
  const waiting = useOutbox(username);
  const formId = useId();
  const comboboxId = `${formId}-add-exercise`;

  const problems: Problems = { ...refused, ...(checked ? draftProblems(draft, units) : {}) };
  const hasContent = draftHasContent(draft);

  // Leaving asks first: in the app with a dialog, and the browser its own way on reload or close.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasContent && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!hasContent) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [hasContent]);

  // After a set or an exercise is added or removed, the box or button that follows takes the focus.
  // Kept until that box is on the page: a render for something else (the previous numbers arriving)
  // can come between the key press and the render that adds the set, and must not use it up.
  useEffect(() => {
    if (!focusNext.current) return;
    const target = document.getElementById(focusNext.current);
    if (!target) return;
    target.focus();
    focusNext.current = null;
  });

  const fieldId = (setId: string, field: ValueField) => `${formId}-${setId}-${field}`;
  const addSetId = (exerciseId: string) => `${formId}-${exerciseId}-add-set`;
  const firstField = (exercise: Exercise) => fieldsOf[exercise.measure][0] ?? 'reps';

  /** A box changed: its refusal by the server is gone (the form's own check is made again as it renders). */
  const forget = (...keys: string[]) => {
    if (keys.some((key) => key in refused)) {
      setRefused(Object.fromEntries(Object.entries(refused).filter(([key]) => !keys.includes(key))));
    }
  };

  function addExercise(exercise: Exercise) {
    const entry = work.addExercise(exercise);
    const first = entry.sets[0];
    if (first) focusNext.current = fieldId(first.id, firstField(exercise));
    // The previous numbers beside its sets; with no connection there are none, and the form goes on.
    client
      .fetchQuery(lastOfExerciseQuery(exercise._id))
      .then((last) => work.learnLast(entry.id, last))
      .catch(() => undefined);
  }

  /** Fills the form from a routine: its exercises and sets, each with its last numbers, in one request. */
  function startRoutine(routine: Routine) {
    setStarting(routine._id);
    fetchRoutineWithLast(routine._id)
      .then((full) => {
        const next = draftFromRoutine(full, units, catalogue.data);
        work.start(next);
        const entry = next.exercises[0];
        const set = entry?.sets[0];
        if (entry && set) focusNext.current = fieldId(set.id, firstField(entry.exercise));
      })
      .catch((error: unknown) => toast.error(errorText(error)))
      .finally(() => setStarting(null));
  }

  // The share waiting for its photo goes once the photo is up; a photo cancelled or failed stops it.
  useEffect(() => {
    if (!shareWaiting) return;
    if (photo?.url) {
      setShareWaiting(false);
      submit(true);
    } else if (!photo) {
      setShareWaiting(false);
      toast.info('The photo is not attached, so the workout was not shared yet.');
    }
  });

  /** Checks the boxes as a save does: false (the first wrong box focused, and said) when one is wrong. */
  function boxesRight(): boolean {
    setChecked(true);
    const found = draftProblems(draft, units);
    const firstProblem = Object.keys(found)[0];
    if (!firstProblem) return true;
    const [setId, field] = firstProblem.split('.');
    const target = field && setId ? fieldId(setId, field as ValueField) : `${formId}-when-${firstProblem}`;
    document.getElementById(target)?.focus();
    toast.error('Some boxes need a change: see the words beside them.');
    return false;
  }

  function saveAsRoutine() {
    if (!boxesRight()) return;
    const body = routineBody(draft, units);
    if (body.routine.exercises.length === 0) {
      toast.error('Add an exercise with at least one set.');
      return;
    }
    saveRoutine.mutate(body, {
      onSuccess: (routine) => toast.success(`Saved as routine: ${routine.title}`),
      onError: (error) => toast.error(errorText(error)),
    });
  }

  function addSet(exerciseId: string) {
    const entry = draft.exercises.find((e) => e.id === exerciseId);
    const set = work.addSet(exerciseId);
    if (entry) focusNext.current = fieldId(set.id, firstField(entry.exercise));
  }

  function removeSet(exerciseId: string, setId: string) {
    work.removeSet(exerciseId, setId);
    // Not the next set's remove button: a second Enter there would take that set too.
    focusNext.current = addSetId(exerciseId);
  }

  function removeExercise(exerciseId: string) {
    work.removeExercise(exerciseId);
    focusNext.current = comboboxId;
  }

  function submit(share: boolean) {
    if (!boxesRight()) return;
    const { workout, places } = toWorkoutBody(draft, units);
    if (workout.exercises.length === 0) {
      toast.error('Add an exercise with at least one set.');
      return;
    }
    if (share && photo && photo.url === null) {
      // Kept, not lost: the share goes as soon as the photo is up (the button says so meanwhile).
      setShareWaiting(true);
      return;
    }
    const image = photo?.url ? { url: photo.url, alt: photo.alt } : undefined;
    save.mutate(
      { workout, share: share ? { content: caption, ...(image ? { image } : {}) } : null },
      {
        onSuccess: (outcome) => {
          setChecked(false);
          setRefused({});
          work.reset();
          if (outcome.kind === 'queued') {
            // No server to show it yet: the form is cleared for the next one, and the list above says it waits.
            toast.info('Saved on this device: it will sync when you are back online.');
            setCaption('');
            setPhoto(null);
            return;
          }
          toast.success(share ? 'Workout shared' : 'Workout saved');
          leaving.current = true;
          if (!session) return;
          const to = share ? paths.home : paths.profile(session.user.username);
          const { workout: saved } = outcome;
          const lines = saved.records.map((r) =>
            newRecordText(r, saved.exercises.find((e) => e.exerciseId === r.exerciseId)?.name ?? '', units.weight),
          );
          // Records set are said here, before the screen is left; without any it is left at once.
          if (lines.length > 0) setCelebration({ lines, to });
          else navigate(to);
        },
        onError: (error) => {
          const { problems: byBox, rest } = refusalProblems(error instanceof ApiError ? error.messages : [], places);
          setRefused(byBox);
          const words = rest.length > 0 ? rest.join(' ') : Object.keys(byBox).length > 0 ? null : errorText(error);
          toast.error(words ?? 'The workout was not saved: see the words beside the boxes.');
        },
      },
    );
  }

  if (celebration) {
    return (
      <section className="log-workout" aria-labelledby={`${formId}-heading`}>
        <h1 id={`${formId}-heading`}>Log workout</h1>
        <section className="log-workout__records" aria-labelledby={`${formId}-records`} role="status">
          <h2 id={`${formId}-records`}>{countOf(celebration.lines.length, 'new record')}</h2>
          <ul>
            {celebration.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="log-workout__actions">
            <Button onClick={() => navigate(celebration.to)} autoFocus>
              Continue
            </Button>
          </div>
        </section>
      </section>
    );
  }

  if (work.offer) {
    return (
      <section className="log-workout" aria-labelledby={`${formId}-heading`}>
        <h1 id={`${formId}-heading`}>Log workout</h1>
        <section className="log-workout__offer" aria-label="Workout in progress">
          <p>
            You have a workout in progress
            {work.offer.draft.title.trim() ? ` (${work.offer.draft.title.trim()})` : ''}, kept on this device{' '}
            {formatDateTime(work.offer.savedAt)}.
          </p>
          <div className="log-workout__actions">
            <Button variant="secondary" onClick={work.discard}>
              Discard
            </Button>
            <Button onClick={work.resume} autoFocus>
              Resume workout
            </Button>
          </div>
        </section>
      </section>
    );
  }

  return (
    <section className="log-workout" aria-labelledby={`${formId}-heading`}>
      <h1 id={`${formId}-heading`}>Log workout</h1>
      <WaitingWorkouts entries={waiting} />
      {/* Starting from a routine fills the form: offered while it is empty, so nothing typed is replaced. */}
      {draft.exercises.length === 0 && <RoutineList starting={starting} onStart={startRoutine} />}
      <div className="log-workout__field">
        <label htmlFor={`${formId}-when-title`}>Title</label>
        <input
          id={`${formId}-when-title`}
          value={draft.title}
          onChange={(event) => work.update({ title: event.target.value })}
          placeholder="Workout"
          maxLength={100}
        />
      </div>
      <WorkoutWhen
        draft={draft}
        problems={problems}
        idPrefix={`${formId}-when`}
        onChange={(fields) => {
          forget(...Object.keys(fields));
          work.update(fields);
        }}
      />

      {draft.exercises.map((entry, index) => (
        <ExerciseEntry
          key={entry.id}
          entry={entry}
          units={units}
          problems={problems}
          fieldId={fieldId}
          addSetId={addSetId(entry.id)}
          onChange={(fields) => work.updateExercise(entry.id, fields)}
          onSetChange={(setId, change) => {
            forget(...Object.keys(change).map((field) => `${setId}.${field}`));
            const set = entry.sets.find((s) => s.id === setId);
            if (change.done && set && !set.done) startRest(entry.restSec, entry.exercise.name);
            work.updateSet(entry.id, setId, change);
          }}
          onAddSet={() => addSet(entry.id)}
          onRemoveSet={(setId) => removeSet(entry.id, setId)}
          onRemove={() => removeExercise(entry.id)}
          superset={supersetOf(draft.exercises, index)}
          onSupersetChange={(on) => work.setSuperset(entry.id, on)}
        />
      ))}

      {work.removal && (
        <p className="log-workout__undo" role="status">
          {work.removal.words}{' '}
          <Button variant="secondary" size="sm" onClick={work.undo}>
            Undo
          </Button>
        </p>
      )}

      <ExerciseCombobox username={username} onPick={addExercise} inputId={comboboxId} />

      <label className="log-workout__field">
        Caption (when shared)
        <textarea value={caption} onChange={(event) => setCaption(event.target.value)} rows={2} maxLength={500} />
      </label>
      <SharePhotoPicker photo={photo} onChange={setPhoto} />
      <div className="log-workout__actions">
        <Button variant="secondary" busy={save.isPending} disabled={shareWaiting} onClick={() => submit(false)}>
          Save workout
        </Button>
        <Button busy={save.isPending || shareWaiting} onClick={() => submit(true)}>
          {shareWaiting && photo
            ? `Sharing when the photo is up (${Math.round(photo.progress * 100)}%)`
            : 'Share as post'}
        </Button>
      </div>
      {draft.exercises.length > 0 && (
        <div className="log-workout__actions">
          <Button variant="secondary" busy={saveRoutine.isPending} onClick={saveAsRoutine}>
            Save as routine
          </Button>
        </div>
      )}
      <RestTimer />

      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title="Leave this workout?"
          confirmLabel="Leave"
          busy={false}
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        >
          It stays on this device: Log workout offers it back when you return.
        </ConfirmDialog>
      )}
    </section>
  );
}

import type { Exercise, Workout } from '@spotter/contract';
import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { useEditWorkout } from '../api/workout-actions';
import {
  type DraftExercise,
  type DraftSet,
  type FormUnits,
  newExercise,
  newSet,
  type WorkoutDraft,
} from '../lib/draft';
import { draftProblems, type Problems } from '../lib/draft-check';
import { refusalProblems } from '../lib/refusal';
import { setWithPrevious, supersetOf } from '../lib/superset';
import { draftOfWorkout, editedWorkoutBody } from '../lib/workout-draft';
import { ExerciseCombobox } from './exercise-combobox';
import { ExerciseEntry } from './exercise-entry';
import { WorkoutWhen } from './workout-when';

/**
 * A past workout in the log form's boxes (title, day, start, duration, notes, exercises and sets),
 * saved over the stored one. Nothing is kept on the device: the stored workout is the draft.
 */
export function WorkoutEditForm({
  workout,
  units,
  onDone,
}: {
  workout: Workout;
  units: FormUnits;
  onDone: () => void;
}) {
  const username = useSession()?.user.username;
  const [start] = useState(() => draftOfWorkout(workout, units));
  const [draft, setDraft] = useState<WorkoutDraft>(start.draft);
  const [notes, setNotes] = useState(workout.notes);
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<Problems>({});
  const save = useEditWorkout(workout._id);
  const formId = useId();

  const problems: Problems = { ...refused, ...(checked ? draftProblems(draft, units) : {}) };
  const fieldId = (setId: string, field: string) => `${formId}-${setId}-${field}`;
  const changeExercise = (id: string, next: (e: DraftExercise) => DraftExercise) =>
    setDraft((d) => ({ ...d, exercises: d.exercises.map((e) => (e.id === id ? next(e) : e)) }));
  const forget = (...keys: string[]) => {
    if (keys.some((key) => key in refused)) {
      setRefused(Object.fromEntries(Object.entries(refused).filter(([key]) => !keys.includes(key))));
    }
  };

  function addSet(entry: DraftExercise) {
    // A set added to a past workout was done (untick it if not): after the fact, nobody ticks.
    const set: DraftSet = { ...newSet(entry.sets.at(-1)), done: true };
    changeExercise(entry.id, (e) => ({ ...e, sets: [...e.sets, set] }));
  }

  function addExercise(exercise: Exercise) {
    const entry = newExercise(exercise);
    const first = entry.sets[0];
    const sets = first ? [{ ...first, done: true }] : [];
    setDraft((d) => ({ ...d, exercises: [...d.exercises, { ...entry, sets }] }));
  }

  function submit() {
    setChecked(true);
    const found = draftProblems(draft, units);
    const firstProblem = Object.keys(found)[0];
    if (firstProblem) {
      const [setId, field] = firstProblem.split('.');
      document.getElementById(field && setId ? fieldId(setId, field) : `${formId}-when-${firstProblem}`)?.focus();
      toast.error('Some boxes need a change: see the words beside them.');
      return;
    }
    const { workout: body, places } = editedWorkoutBody(draft, units, {
      notes,
      routineId: workout.routineId,
    });
    if (body.exercises.length === 0) {
      toast.error('Keep an exercise with at least one set, or delete the workout.');
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        toast.success('Workout updated');
        onDone();
      },
      onError: (error) => {
        const { problems: byBox, rest } = refusalProblems(error instanceof ApiError ? error.messages : [], places);
        setRefused(byBox);
        const words = rest.length > 0 ? rest.join(' ') : Object.keys(byBox).length > 0 ? null : errorText(error);
        toast.error(words ?? 'The workout was not saved: see the words beside the boxes.');
      },
    });
  }

  return (
    <section className="log-workout workout-edit" aria-label="Edit workout">
      <div className="log-workout__field">
        <label htmlFor={`${formId}-when-title`}>Title</label>
        <input
          id={`${formId}-when-title`}
          value={draft.title}
          onChange={(event) => setDraft((d) => ({ ...d, title: event.target.value }))}
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
          setDraft((d) => ({ ...d, ...fields }));
        }}
      />
      <div className="log-workout__field">
        <label htmlFor={`${formId}-notes`}>Workout notes</label>
        <textarea
          id={`${formId}-notes`}
          rows={2}
          maxLength={2000}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>

      {draft.exercises.map((entry, index) => (
        <ExerciseEntry
          key={entry.id}
          entry={entry}
          units={units}
          problems={problems}
          fieldId={fieldId}
          addSetId={`${formId}-${entry.id}-add-set`}
          onChange={(fields) => changeExercise(entry.id, (e) => ({ ...e, ...fields }))}
          onSetChange={(setId, change) => {
            forget(...Object.keys(change).map((field) => `${setId}.${field}`));
            changeExercise(entry.id, (e) => ({
              ...e,
              sets: e.sets.map((s) => (s.id === setId ? { ...s, ...change } : s)),
            }));
          }}
          onAddSet={() => addSet(entry)}
          onRemoveSet={(setId) =>
            changeExercise(entry.id, (e) => ({ ...e, sets: e.sets.filter((s) => s.id !== setId) }))
          }
          onRemove={() => setDraft((d) => ({ ...d, exercises: d.exercises.filter((e) => e.id !== entry.id) }))}
          superset={supersetOf(draft.exercises, index)}
          onSupersetChange={(on) => setDraft((d) => ({ ...d, exercises: setWithPrevious(d.exercises, index, on) }))}
        />
      ))}

      <ExerciseCombobox username={username} onPick={addExercise} inputId={`${formId}-add-exercise`} />

      <div className="log-workout__actions">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button busy={save.isPending} onClick={submit}>
          Save changes
        </Button>
      </div>
    </section>
  );
}

import { Button } from '../../../components/ui/button';
import { FieldNote } from '../../../components/ui/field-note';
import { type DraftExercise, type DraftSet, type FormUnits, fieldsOf, type ValueField } from '../lib/draft';
import { type Problems, problemKey } from '../lib/draft-check';
import { previousSet, typedValues } from '../lib/routine-draft';
import { clockText } from '../lib/time-input';
import { SetRow } from './set-row';

const restChoices = [30, 45, 60, 90, 120, 150, 180, 240, 300];

export interface ExerciseEntryProps {
  entry: DraftExercise;
  units: FormUnits;
  problems: Problems;
  fieldId: (setId: string, field: ValueField) => string;
  addSetId: string;
  onChange: (change: Partial<DraftExercise>) => void;
  onSetChange: (setId: string, change: Partial<DraftSet>) => void;
  onAddSet: () => void;
  onRemoveSet: (setId: string) => void;
  onRemove: () => void;
  /**
   * The superset box: the exercise before this one (none for the first), whether this one is done
   * back to back with it, and the superset's name when it is in one ("Superset 1").
   */
  superset?: { previousName: string | null; withPrevious: boolean; label: string | null };
  onSupersetChange?: (on: boolean) => void;
}

/** One exercise of the workout in progress: its sets, Add set, its notes and rest, and Remove exercise. */
export function ExerciseEntry(props: ExerciseEntryProps) {
  const { entry, units, problems, fieldId, addSetId, onChange, onSetChange, onAddSet, onRemoveSet, onRemove } = props;
  const { superset, onSupersetChange } = props;
  const name = entry.exercise.name;
  const problem = problems[problemKey.exercise(entry.id)];
  const notesId = `${addSetId}-notes`;
  return (
    <fieldset
      className={superset?.label ? 'log-workout__exercise log-workout__exercise--superset' : 'log-workout__exercise'}
      data-testid="log-exercise"
    >
      <legend>
        {name}
        {superset?.label && (
          <>
            {' '}
            <span className="log-workout__superset-tag">· {superset.label}</span>
          </>
        )}
      </legend>
      {superset?.previousName && onSupersetChange && (
        <label className="log-workout__superset">
          <input
            type="checkbox"
            checked={superset.withPrevious}
            onChange={(event) => onSupersetChange(event.target.checked)}
          />{' '}
          Superset with {superset.previousName} <span className="visually-hidden">(done back to back)</span>
        </label>
      )}
      <FieldNote id={`${addSetId}-problem`} error={problem} />
      <ol className="log-workout__sets">
        {entry.sets.map((set, s) => (
          <SetRow
            key={set.id}
            entry={entry}
            set={set}
            index={s}
            fields={fieldsOf[entry.exercise.measure]}
            units={units}
            problems={problems}
            fieldId={fieldId}
            onChange={(change) => onSetChange(set.id, change)}
            onEnter={onAddSet}
            onRemove={() => onRemoveSet(set.id)}
            previous={previousSet(entry, s)}
            onCopyPrevious={() => {
              const last = previousSet(entry, s);
              if (!last) return;
              // Only the boxes this exercise shows: a stray stored value stays out of the set.
              const values = typedValues(last, units);
              onSetChange(set.id, Object.fromEntries(fieldsOf[entry.exercise.measure].map((f) => [f, values[f]])));
            }}
          />
        ))}
      </ol>
      <div className="log-workout__exercise-actions">
        <Button id={addSetId} variant="secondary" size="sm" onClick={onAddSet}>
          Add set
        </Button>
        <div className="log-workout__choice">
          <label htmlFor={`${addSetId}-rest`}>
            <span className="visually-hidden">{name} </span>Rest
          </label>
          <select
            id={`${addSetId}-rest`}
            value={entry.restSec}
            onChange={(event) => onChange({ restSec: Number(event.target.value) })}
          >
            {restChoices.map((sec) => (
              <option key={sec} value={sec}>
                {clockText(sec)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" size="sm" onClick={onRemove} aria-label={`Remove exercise ${name}`}>
          Remove exercise
        </Button>
      </div>
      <div className="log-workout__notes">
        <label htmlFor={notesId}>
          <span className="visually-hidden">{name} </span>Notes
        </label>
        <textarea
          id={notesId}
          rows={1}
          maxLength={2000}
          value={entry.notes}
          onChange={(event) => onChange({ notes: event.target.value })}
        />
      </div>
    </fieldset>
  );
}

import type { SetType } from '@spotter/contract';
import type { KeyboardEvent } from 'react';
import { FieldNote } from '../../../components/ui/field-note';
import type { DraftExercise, DraftSet, FormUnits, ValueField } from '../lib/draft';
import { type Problems, problemKey, typedNumber } from '../lib/draft-check';
import { formatPace, formatSet, type SetLike, storedMetres } from '../lib/format';
import { parseTime } from '../lib/time-input';

export const setTypeWords: Record<SetType, string> = {
  normal: 'Normal',
  warmup: 'Warm-up',
  drop: 'Drop',
  failure: 'Failure',
};
/** RPE as lifters rate a set: 6 (four reps left) to 10 (none), in halves. */
const rpeChoices = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10'];

const labels: Record<ValueField, (units: FormUnits) => string> = {
  weight: (units) => `Weight (${units.weight})`,
  reps: () => 'Reps',
  distance: (units) => `Distance (${units.distance})`,
  time: () => 'Time',
};
const placeholders: Partial<Record<ValueField, string>> = { time: 'mm:ss' };

export interface SetRowProps {
  entry: DraftExercise;
  set: DraftSet;
  index: number;
  fields: ValueField[];
  units: FormUnits;
  problems: Problems;
  fieldId: (setId: string, field: ValueField) => string;
  onChange: (change: Partial<DraftSet>) => void;
  onEnter: () => void;
  onRemove: () => void;
  /** What the person did in this set the last time (the previous numbers), if they did it. */
  previous: SetLike | null;
  /** Copies the previous numbers into the set's boxes. */
  onCopyPrevious: () => void;
}

/** One set: its boxes (Enter adds the next set), type, RPE, the done tick and its remove button. */
export function SetRow({
  entry,
  set,
  index,
  fields,
  units,
  problems,
  fieldId,
  onChange,
  onEnter,
  onRemove,
  previous,
  onCopyPrevious,
}: SetRowProps) {
  const name = `${entry.exercise.name} set ${index + 1}`;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // A held Enter adds one set, not one per key repeat.
    if (!event.repeat) onEnter();
  };
  const previousText = previous ? formatSet(previous, units.weight) : '';
  const distance = typedNumber(set.distance);
  const time = parseTime(set.time);
  const pace =
    entry.exercise.measure === 'distance_duration' && distance !== null && typeof time === 'number'
      ? formatPace(storedMetres(distance, units.distance), time, units.distance)
      : null;

  return (
    <li className="log-workout__set" data-done={set.done || undefined}>
      <span className="log-workout__set-number" aria-hidden="true">
        {set.type === 'normal' ? index + 1 : setTypeWords[set.type].charAt(0)}
      </span>
      {fields.map((field) => {
        const id = fieldId(set.id, field);
        const error = problems[problemKey.set(set.id, field)];
        return (
          <div key={field} className="log-workout__value">
            <label htmlFor={id}>
              <span className="visually-hidden">{name} </span>
              {labels[field](units)}
            </label>
            <input
              id={id}
              inputMode={field === 'time' ? 'text' : field === 'reps' ? 'numeric' : 'decimal'}
              placeholder={placeholders[field]}
              value={set[field]}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-note` : undefined}
              onChange={(event) => onChange({ [field]: event.target.value })}
              onKeyDown={onKeyDown}
            />
            <FieldNote id={`${id}-note`} error={error} />
          </div>
        );
      })}
      {previousText && (
        <button
          type="button"
          className="log-workout__previous"
          // One string: a hidden part's own box makes Chromium name it "100 kg , copy"; the visible words come first.
          aria-label={`Last: ${previousText}, copy into ${name}`}
          onClick={onCopyPrevious}
        >
          Last: {previousText}
        </button>
      )}
      {pace && (
        <p className="log-workout__pace">
          <span className="visually-hidden">{name} pace </span>
          {pace}
        </p>
      )}
      <div className="log-workout__set-extras">
        <div className="log-workout__choice">
          <label htmlFor={`${fieldId(set.id, 'reps')}-type`}>
            <span className="visually-hidden">{name} </span>Type
          </label>
          <select
            id={`${fieldId(set.id, 'reps')}-type`}
            value={set.type}
            onChange={(event) => onChange({ type: event.target.value as SetType })}
          >
            {Object.entries(setTypeWords).map(([value, words]) => (
              <option key={value} value={value}>
                {words}
              </option>
            ))}
          </select>
        </div>
        <div className="log-workout__choice">
          <label htmlFor={`${fieldId(set.id, 'reps')}-rpe`}>
            <span className="visually-hidden">{name} </span>RPE
          </label>
          <select
            id={`${fieldId(set.id, 'reps')}-rpe`}
            value={set.rpe}
            onChange={(event) => onChange({ rpe: event.target.value })}
          >
            <option value="">–</option>
            {rpeChoices.map((rpe) => (
              <option key={rpe} value={rpe}>
                {rpe}
              </option>
            ))}
          </select>
        </div>
        <label className="log-workout__done">
          <input type="checkbox" checked={set.done} onChange={(event) => onChange({ done: event.target.checked })} />
          <span className="visually-hidden">{name} </span>Done
        </label>
        <button
          type="button"
          className="log-workout__remove"
          aria-label={`Remove set ${index + 1} of ${entry.exercise.name}`}
          onKeyDown={(event) => {
            // A held Enter removes this set, not the ones that come up under the focus after it.
            if (event.key === 'Enter' && event.repeat) event.preventDefault();
          }}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
    </li>
  );
}

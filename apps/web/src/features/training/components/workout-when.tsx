import { FieldNote } from '../../../components/ui/field-note';
import type { WorkoutDraft } from '../lib/draft';
import type { Problems } from '../lib/draft-check';

type When = Pick<WorkoutDraft, 'date' | 'start' | 'duration'>;

/** The day, start time and length of the workout: today and now unless changed (yesterday's session back-dated). */
export function WorkoutWhen({
  draft,
  problems,
  idPrefix,
  onChange,
}: {
  draft: When;
  problems: Problems;
  idPrefix: string;
  onChange: (fields: Partial<When>) => void;
}) {
  const box = (field: keyof When, label: string, input: { type: string; placeholder?: string; inputMode?: 'text' }) => {
    const id = `${idPrefix}-${field}`;
    const error = problems[field];
    const hint = field === 'duration' ? 'h:mm:ss, mm:ss or minutes' : undefined;
    return (
      <div className="log-workout__when-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          {...input}
          value={draft[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${id}-note` : undefined}
          onChange={(event) => onChange({ [field]: event.target.value })}
        />
        <FieldNote id={`${id}-note`} error={error} hint={hint} />
      </div>
    );
  };
  return (
    <div className="log-workout__when">
      {box('date', 'Date', { type: 'date' })}
      {box('start', 'Start time', { type: 'time' })}
      {box('duration', 'Duration', { type: 'text', placeholder: 'h:mm:ss', inputMode: 'text' })}
    </div>
  );
}

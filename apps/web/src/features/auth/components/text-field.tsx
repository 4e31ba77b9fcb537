import { useId } from 'react';
import { FieldNote } from '../../../components/ui/field-note';

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  /** What is wrong with the value, beside the field. */
  error?: string;
  /** The field's rules, shown up front. */
  hint?: string;
}

export function TextField({ label, name, value, onChange, autoComplete, error, hint }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        autoComplete={autoComplete}
        autoCapitalize={name === 'username' ? 'none' : undefined}
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? noteId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldNote id={noteId} error={error} hint={hint} />
    </div>
  );
}

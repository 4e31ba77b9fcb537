import { useId } from 'react';
import { FieldNote } from './field-note';

interface CodeFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  name?: string;
  /** Digits only (phones show the number pad); else a recovery code may be typed too. */
  digitsOnly?: boolean;
  autoFocus?: boolean;
}

/**
 * A one-time code from an authenticator app (two-factor sign-in): `one-time-code` lets the browser or
 * a password manager fill it in.
 */
export function CodeField({
  label,
  value,
  onChange,
  error,
  hint,
  name = 'code',
  digitsOnly = false,
  autoFocus = false,
}: CodeFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={digitsOnly ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        // biome-ignore lint/a11y/noAutofocus: the code step shows this one field, just asked for
        autoFocus={autoFocus}
        maxLength={digitsOnly ? 7 : 64}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? noteId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldNote id={noteId} error={error} hint={hint} />
    </div>
  );
}

import { useId, useState } from 'react';
import { FieldNote } from './field-note';
import { EyeIcon, EyeOffIcon } from './icons';

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  hint?: string;
  /** 'Password' unless the form has several (current and new). */
  label?: string;
  name?: string;
}

/** A password input with a show/hide toggle (SPEC §2) that says which state it is in. */
export function PasswordField({
  value,
  onChange,
  autoComplete,
  error,
  hint,
  label = 'Password',
  name = 'password',
}: PasswordFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="field__with-button">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? noteId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="icon-button field__toggle"
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      <FieldNote id={noteId} error={error} hint={hint} />
    </div>
  );
}

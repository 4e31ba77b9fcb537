import { useId } from 'react';
import type { JsonBodyState } from '../lib/json-body';

interface JsonBodyFieldProps {
  state: JsonBodyState;
  onChange: (text: string) => void;
}

/** The JSON body box with its error text under it (SPEC §2, §5). */
export function JsonBodyField({ state, onChange }: JsonBodyFieldProps) {
  const fieldId = useId();
  const errorId = useId();
  return (
    <div className="tester-body">
      <h2 className="tester-heading">
        <label htmlFor={fieldId}>Body (JSON)</label>
      </h2>
      <textarea
        id={fieldId}
        rows={8}
        spellCheck={false}
        value={state.text}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={errorId} className="tester-error" aria-live="polite">
        {state.error}
      </p>
    </div>
  );
}

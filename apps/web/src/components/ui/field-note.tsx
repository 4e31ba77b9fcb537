/**
 * The words under a field: its error (what to fix, staying until the field changes) or else its hint
 * (the rules, shown before anything goes wrong). The input points at it with aria-describedby.
 */
export function FieldNote({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={id} className="field__error">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="field__hint">
      {hint}
    </p>
  ) : null;
}

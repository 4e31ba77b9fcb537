import { appealMaxLength, reportReasonLabels, type Suspension, suspensionTexts as t } from '@spotter/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { FieldNote } from '../../../components/ui/field-note';
import { formatDateTime } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { useAppeal } from '../api/appeal';

interface SuspendedStepProps {
  /** The username and password the server accepted before it said the account is suspended. */
  credentials: { username: string; password: string };
  /** The server's sentence (SPEC §8: a failed login shows the server's errors), word for word. */
  message: string;
  suspension: Suspension;
  onBack: () => void;
}

/**
 * What a suspended person sees when they log in (issue 47, item 5): the server's sentence, why,
 * since and until when, and their one appeal to the moderators (or that it was sent).
 */
export function SuspendedStep({ credentials, message, suspension, onBack }: SuspendedStepProps) {
  const ids = { appeal: useId() };
  const appeal = useAppeal();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(suspension.appealed);
  const why = [
    suspension.reason ? reportReasonLabels[suspension.reason] : '',
    suspension.note ? `“${suspension.note}”` : '',
  ]
    .filter(Boolean)
    .join(': ');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setError(t.appealEmpty);
      return;
    }
    appeal.mutate(
      { ...credentials, message: text.trim() },
      {
        onSuccess: () => setSent(true),
        onError: (failure) => {
          const said = errorText(failure);
          toast.error(said);
          setError(said);
        },
      },
    );
  }

  return (
    <section className="auth__form" aria-labelledby={`${ids.appeal}-title`}>
      <h2 id={`${ids.appeal}-title`}>{t.title}</h2>
      <p className="auth__prompt">{message}</p>
      <dl className="auth__facts">
        {why ? (
          <>
            <dt>{t.why}</dt>
            <dd>{why}</dd>
          </>
        ) : null}
        <dt>{t.since}</dt>
        <dd>{formatDateTime(suspension.since)}</dd>
        <dt>{t.until}</dt>
        <dd>{suspension.until ? formatDateTime(suspension.until) : t.untilLifted}</dd>
      </dl>
      {sent ? (
        <p className="auth__notice" role="status">
          {t.sent}
        </p>
      ) : (
        <form className="auth__form" onSubmit={onSubmit} noValidate>
          <p className="auth__prompt">{t.appealHow}</p>
          <div className="field">
            <label htmlFor={ids.appeal}>{t.appealLabel}</label>
            <textarea
              id={ids.appeal}
              rows={4}
              maxLength={appealMaxLength}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${ids.appeal}-note` : undefined}
              onChange={(e) => {
                setText(e.target.value);
                setError(undefined);
              }}
            />
            <FieldNote id={`${ids.appeal}-note`} error={error} />
          </div>
          <div className="auth__actions">
            <Button type="submit" busy={appeal.isPending}>
              {t.send}
            </Button>
          </div>
        </form>
      )}
      <div className="auth__actions">
        <Button variant="secondary" onClick={onBack}>
          {t.back}
        </Button>
      </div>
    </section>
  );
}

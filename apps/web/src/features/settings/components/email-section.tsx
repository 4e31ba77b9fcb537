import { emailMaxLength, emailTexts } from '@spotter/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldNote } from '../../../components/ui/field-note';
import { errorText } from '../../../lib/error-text';
import { useAccountEmail, useSetEmail } from '../api/account-email';

/**
 * Email (issue 45): the verified address, the one waiting for its link, and a form to add or change
 * it. Shown by Settings only when the server can send mail.
 */
export function EmailSection() {
  const id = useId();
  const current = useAccountEmail();
  const save = useSetEmail();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = address.trim();
    setSent(undefined);
    if (typed === '') {
      setError('Enter an email address.');
      return;
    }
    save.mutate(typed, {
      onSuccess: (email) => {
        setAddress('');
        setSent(email.pending ?? undefined);
      },
      onError: (e) => setError(errorText(e)),
    });
  };

  const email = current.data;
  return (
    <>
      {current.isError ? (
        <p role="alert" className="settings__error">
          {errorText(current.error)}
        </p>
      ) : null}
      {email ? (
        <ul className="settings__email-status" aria-label="Email status">
          {email.address === null && email.pending === null ? <li>{emailTexts.noEmail}</li> : null}
          {email.address !== null ? <li>{emailTexts.verifiedAddress(email.address)}</li> : null}
          {email.pending !== null ? <li>{emailTexts.pending(email.pending)}</li> : null}
        </ul>
      ) : null}
      <form className="settings__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>{email?.address ? 'New email' : 'Email'}</label>
          <input
            id={id}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={emailMaxLength}
            value={address}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-note` : undefined}
            onChange={(event) => {
              setAddress(event.target.value);
              setError(undefined);
            }}
          />
          <FieldNote id={`${id}-note`} error={error} />
        </div>
        {sent ? <p role="status">{emailTexts.verificationSent(sent)}</p> : null}
        <div className="settings__actions">
          <Button type="submit" busy={save.isPending}>
            Send verification link
          </Button>
        </div>
      </form>
    </>
  );
}

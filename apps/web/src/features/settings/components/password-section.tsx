import { passwordLength } from '@spotter/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { type FieldErrors, fieldErrorsFrom, withoutField } from '../../../lib/field-errors';
import { useChangePassword } from '../api/account-actions';
import { settingsKeys } from '../api/settings-keys';

type Field = 'currentPassword' | 'newPassword';
const labels: Record<Field, string> = { currentPassword: 'Current password', newPassword: 'New password' };
const newPasswordHint = `At least ${passwordLength.min} characters, at most ${passwordLength.max}.`;

/** What the form says beside each field before it is sent. */
export function passwordFieldErrors(current: string, next: string): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (current === '') errors.currentPassword = 'Enter your current password.';
  if (next.length < passwordLength.min) {
    errors.newPassword = `New password must be at least ${passwordLength.min} characters long.`;
  } else if (next.length > passwordLength.max) {
    errors.newPassword = `New password must be at most ${passwordLength.max} characters long.`;
  }
  return errors;
}

/** Change password (the API ends every other session; this one carries on with a fresh token). */
export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [rest, setRest] = useState<string[]>([]);
  const change = useChangePassword();
  const queryClient = useQueryClient();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = passwordFieldErrors(current, next);
    setErrors(problems);
    setRest([]);
    if (Object.keys(problems).length > 0) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          toast.success('Password changed. Your other devices were signed out.');
          void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
        },
        onError: (error) => {
          // "The current password is not correct." names its field: it goes beside it.
          const sorted = fieldErrorsFrom(error, labels);
          setErrors(sorted.fields);
          setRest(sorted.rest);
        },
      },
    );
  };

  return (
    <form className="settings__form" onSubmit={submit} noValidate>
      <PasswordField
        label={labels.currentPassword}
        name="current-password"
        autoComplete="current-password"
        value={current}
        error={errors.currentPassword}
        onChange={(value) => {
          setCurrent(value);
          setErrors((e) => withoutField(e, 'currentPassword'));
        }}
      />
      <PasswordField
        label={labels.newPassword}
        name="new-password"
        autoComplete="new-password"
        value={next}
        error={errors.newPassword}
        hint={newPasswordHint}
        onChange={(value) => {
          setNext(value);
          setErrors((e) => withoutField(e, 'newPassword'));
        }}
      />
      {rest.length > 0 ? (
        <p role="alert" className="settings__error">
          {rest.join(' ')}
        </p>
      ) : null}
      <div className="settings__actions">
        <Button type="submit" busy={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}

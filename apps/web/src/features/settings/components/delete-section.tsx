import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { FieldNote } from '../../../components/ui/field-note';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useDeleteAccount } from '../api/account-actions';

/** "Delete my account": the password again and a confirmation, then the account is gone and the person signed out. */
export function DeleteSection() {
  const id = useId();
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const erase = useDeleteAccount();
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (password === '') problems.password = 'Enter your password.';
    if (!confirmed) problems.confirm = 'Tick the box to confirm that everything goes.';
    setErrors(problems);
    if (problems.password || problems.confirm) return;
    erase.mutate(password, {
      onSuccess: () => {
        toast.success('Your account was deleted.');
        // Opening the login screen clears what this browser kept of the session (SPEC §2).
        navigate(paths.login, { replace: true });
      },
      onError: (error) => {
        const message = errorText(error);
        if (/password/i.test(message)) setErrors({ password: message });
      },
    });
  };
  const otherError = erase.isError && !errors.password ? errorText(erase.error) : null;

  return (
    <form className="settings__form" onSubmit={submit} noValidate>
      <p>
        This erases your profile, posts, comments, likes, follows, bookmarks, notifications, workouts and uploaded
        files, at once and for good. Your username becomes free for anyone. Download your data first if you want to keep
        it.
      </p>
      <PasswordField
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(value) => {
          setPassword(value);
          setErrors((e) => ({ ...e, password: undefined }));
        }}
      />
      <div className="field">
        <label className="settings__choice">
          <input
            type="checkbox"
            checked={confirmed}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? `${id}-confirm` : undefined}
            onChange={(event) => {
              setConfirmed(event.target.checked);
              setErrors((e) => ({ ...e, confirm: undefined }));
            }}
          />
          <span>I understand that my account and everything I made are deleted for good.</span>
        </label>
        <FieldNote id={`${id}-confirm`} error={errors.confirm} />
      </div>
      {otherError ? (
        <p role="alert" className="settings__error">
          {otherError}
        </p>
      ) : null}
      <div className="settings__actions">
        <Button type="submit" variant="danger" busy={erase.isPending}>
          Delete my account
        </Button>
      </div>
    </form>
  );
}

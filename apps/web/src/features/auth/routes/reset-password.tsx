import { passwordLength } from '@spotter/contract';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { clearSession } from '../../../lib/session';
import { useResetPassword } from '../api/reset-password';
import { AuthLayout } from '../components/auth-layout';
import { linkToken } from '../lib/link-token';

/**
 * /reset-password#token=... (issue 16): the page a recovery link opens, a moderator's or a mailed one (issue 45). A new password, once; then
 * every earlier session of the account has ended and the person logs in with it.
 */
export function ResetPasswordRoute() {
  useDocumentTitle('Set a new password');
  const token = linkToken(useLocation());
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < passwordLength.min) {
      setError(`Use at least ${passwordLength.min} characters.`);
      return;
    }
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: () => clearSession(),
        onError: (e) => setError(errorText(e)),
      },
    );
  }

  if (!token) {
    return (
      <AuthLayout title="Set a new password">
        <p role="alert">This page needs the whole recovery link: ask a moderator of this server for a new one.</p>
        <Link to={paths.login}>Log in</Link>
      </AuthLayout>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthLayout title="Your password is set">
        <p role="status">Every earlier session of your account has ended. Log in with your new password.</p>
        <Link to={paths.login}>Log in</Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Set a new password">
      <form onSubmit={onSubmit} noValidate>
        <PasswordField
          value={password}
          onChange={(value) => {
            setPassword(value);
            setError(undefined);
          }}
          autoComplete="new-password"
          error={error}
          hint={`At least ${passwordLength.min} characters.`}
        />
        <Button type="submit" busy={reset.isPending}>
          Set password
        </Button>
      </form>
    </AuthLayout>
  );
}

import { emailTexts } from '@spotter/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { useForgotPassword } from '../api/account-email';
import { AuthLayout } from '../components/auth-layout';
import { TextField } from '../components/text-field';

/**
 * /forgot-password (issue 45): a username in, the same sentence out whatever it is (the server says
 * nothing of whether the account exists or has a verified email).
 */
export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot password');
  const forgot = useForgotPassword();
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    if (name === '') {
      setError('Enter your username.');
      return;
    }
    forgot.mutate({ username: name }, { onError: (e) => setError(errorText(e)) });
  }

  if (forgot.isSuccess) {
    return (
      <AuthLayout title="Check your mail">
        <p role="status">{emailTexts.forgotSent}</p>
        <Link to={paths.login}>Log in</Link>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Forgot password">
      <form className="auth__form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          error={error}
          hint="We mail a link to set a new password to this account’s verified email."
          onChange={(value) => {
            setUsername(value);
            setError(undefined);
          }}
        />
        <div className="auth__actions">
          <Button type="submit" busy={forgot.isPending}>
            Send link
          </Button>
        </div>
      </form>
      <p className="auth__switch">
        <Link to={paths.login}>Back to log in</Link>
      </p>
    </AuthLayout>
  );
}

import { guestCredentials, type Suspension, signedOutMessages, uiMessages } from '@spotter/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { type FieldErrors, fieldErrorsFrom, withoutField } from '../../../lib/field-errors';
import { clearSession, signedOutReason } from '../../../lib/session';
import { useGuestAccount } from '../api/guest-account';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { ForgotPasswordLink } from '../components/forgot-password-link';
import type { FromState } from '../components/protected-route';
import { SuspendedStep } from '../components/suspended-step';
import { TextField } from '../components/text-field';
import { TwoFactorStep } from '../components/two-factor-step';
import { suspensionIn } from '../lib/suspension';
import { asksForCode } from '../lib/two-factor';
import { type LoginField, loginFieldErrors, loginProblem } from '../lib/validate';

export function LoginRoute() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Beside each field, until that field changes (the toasts of SPEC §8 come and go).
  const [errors, setErrors] = useState<FieldErrors<LoginField>>({});
  // Two-factor sign-in: the accepted username and password, and what the server asked for.
  const [codeStep, setCodeStep] = useState<{ credentials: { username: string; password: string }; prompt: string }>();
  // A suspended account (issue 47): why, until when, and the appeal, after the server's sentence.
  const [suspended, setSuspended] = useState<{
    credentials: { username: string; password: string };
    message: string;
    suspension: Suspension;
  }>();
  const change = (field: LoginField, setValue: (value: string) => void) => (value: string) => {
    setValue(value);
    setErrors((e) => withoutField(e, field));
  };

  // SPEC §2: opening / logs out: storage and every cached answer go.
  useEffect(() => {
    clearSession();
    queryClient.clear();
  }, [queryClient]);
  const hasGuest = useGuestAccount();
  // Read once: the server ended the last session and said why (issue 47, item 3).
  const [endedBecause] = useState(signedOutReason);

  const from = (location.state as FromState | null)?.from;
  const destination = from?.startsWith('/') && !from.startsWith('//') ? from : paths.home;

  function loggedIn() {
    // An earlier failure's toast would follow the person into the app.
    toast.dismiss();
    toast.success(uiMessages.loggedIn);
    navigate(destination, { replace: true });
  }

  function logIn(credentials: { username: string; password: string }) {
    login.mutate(credentials, {
      onSuccess: loggedIn,
      // SPEC §8: a failed login shows the server's errors, word for word; beside the field too: an
      // unknown username beside Username, a wrong password (401) beside Password.
      onError: (error) => {
        if (asksForCode(error)) {
          setCodeStep({ credentials, prompt: errorText(error) });
          return;
        }
        toast.error(errorText(error));
        const suspension = suspensionIn(error);
        if (suspension) {
          setSuspended({ credentials, message: errorText(error), suspension });
          return;
        }
        const { fields, rest } = fieldErrorsFrom(error, { username: 'Username', password: 'Password' });
        if (error instanceof ApiError && error.status === 401 && rest.length > 0) fields.password = rest.join(' ');
        setErrors(fields);
      },
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = loginProblem(username, password);
    setErrors(loginFieldErrors(username, password));
    if (problem) {
      toast.error(problem);
      return;
    }
    logIn({ username: username.trim(), password });
  }

  function logInAsGuest() {
    setErrors({});
    setUsername(guestCredentials.username);
    setPassword(guestCredentials.password);
    logIn({ ...guestCredentials });
  }

  if (suspended) {
    return (
      <AuthLayout title="Log in">
        <SuspendedStep {...suspended} onBack={() => setSuspended(undefined)} />
      </AuthLayout>
    );
  }

  if (codeStep) {
    return (
      <AuthLayout title="Log in">
        <TwoFactorStep {...codeStep} onLoggedIn={loggedIn} onBack={() => setCodeStep(undefined)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Log in">
      {endedBecause ? (
        <p className="auth__notice" role="status">
          {signedOutMessages[endedBecause]}
        </p>
      ) : null}
      <form className="auth__form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={username}
          error={errors.username}
          onChange={change('username', setUsername)}
        />
        <PasswordField
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={change('password', setPassword)}
        />
        <div className="auth__actions">
          <Button type="submit" busy={login.isPending}>
            Login
          </Button>
          {hasGuest && (
            <Button variant="secondary" onClick={logInAsGuest} disabled={login.isPending}>
              Login as Guest
            </Button>
          )}
        </div>
      </form>
      <ForgotPasswordLink />
      <p className="auth__switch">
        New to Spotter? <Link to={paths.signup}>Create an account</Link>
      </p>
    </AuthLayout>
  );
}

import { guestCredentials, uiMessages } from '@spotter/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { clearSession } from '../../../lib/session';
import { useGuestAccount } from '../api/guest-account';
import { useLogin } from '../api/login';
import { AuthLayout } from '../components/auth-layout';
import { PasswordField } from '../components/password-field';
import type { FromState } from '../components/protected-route';
import { TextField } from '../components/text-field';
import { loginProblem } from '../lib/validate';

export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  // SPEC §2: opening / logs out: storage and every cached answer go.
  useEffect(() => {
    clearSession();
    queryClient.clear();
  }, [queryClient]);
  const hasGuest = useGuestAccount();

  const from = (location.state as FromState | null)?.from;
  const destination = from?.startsWith('/') && !from.startsWith('//') ? from : paths.home;

  function logIn(credentials: { username: string; password: string }) {
    login.mutate(credentials, {
      onSuccess: () => {
        // An earlier failure's toast would follow the person into the app.
        toast.dismiss();
        toast.success(uiMessages.loggedIn);
        navigate(destination, { replace: true });
      },
      // SPEC §8: a failed login shows the server's errors, word for word.
      onError: (error) => toast.error(errorText(error)),
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = loginProblem(username, password);
    if (problem) {
      toast.error(problem);
      return;
    }
    logIn({ username: username.trim(), password });
  }

  function logInAsGuest() {
    setUsername(guestCredentials.username);
    setPassword(guestCredentials.password);
    logIn({ ...guestCredentials });
  }

  return (
    <AuthLayout title="Log in">
      <form className="auth__form" onSubmit={onSubmit} noValidate>
        <TextField label="Username" name="username" autoComplete="username" value={username} onChange={setUsername} />
        <PasswordField autoComplete="current-password" value={password} onChange={setPassword} />
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
      <p className="auth__switch">
        New to Spotter? <Link to={paths.signup}>Create an account</Link>
      </p>
    </AuthLayout>
  );
}

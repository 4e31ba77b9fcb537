import { twoFactorTexts } from '@spotter/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { errorText } from '../../../lib/error-text';
import { useLogin } from '../api/login';
import { asksForCode } from '../lib/two-factor';

interface TwoFactorStepProps {
  /** The username and password the server accepted. */
  credentials: { username: string; password: string };
  /** What the server said when it asked for the code. */
  prompt: string;
  onLoggedIn: () => void;
  onBack: () => void;
}

/**
 * The login screen's second step, for an account with two-factor sign-in on: the code from the
 * authenticator app, or a recovery code. The same login call, now with `code`.
 */
export function TwoFactorStep({ credentials, prompt, onLoggedIn, onBack }: TwoFactorStepProps) {
  const login = useLogin();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError(twoFactorTexts.enterCode);
      return;
    }
    login.mutate(
      { ...credentials, code: code.trim() },
      {
        onSuccess: onLoggedIn,
        onError: (failure) => {
          const message = errorText(failure);
          toast.error(message);
          // A wrong code goes beside the field; anything else (too many tries) too, as it is the one field.
          setError(message);
          if (asksForCode(failure)) setCode('');
        },
      },
    );
  }

  return (
    <form className="auth__form" onSubmit={onSubmit} noValidate>
      <p className="auth__prompt">{prompt}</p>
      <CodeField
        label={twoFactorTexts.loginCodeLabel}
        value={code}
        hint={twoFactorTexts.loginCodeHint}
        error={error}
        autoFocus
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
      />
      <div className="auth__actions">
        <Button type="submit" busy={login.isPending}>
          {twoFactorTexts.verify}
        </Button>
        <Button variant="secondary" onClick={onBack} disabled={login.isPending}>
          {twoFactorTexts.back}
        </Button>
      </div>
    </form>
  );
}

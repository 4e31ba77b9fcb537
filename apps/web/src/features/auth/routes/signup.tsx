import { uiMessages } from '@spotter/contract';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { type FieldErrors, fieldErrorsFrom, withoutField } from '../../../lib/field-errors';
import { useSignup } from '../api/signup';
import { AuthLayout } from '../components/auth-layout';
import { TextField } from '../components/text-field';
import { type SignupFields, signupFieldErrors, signupProblem, usernameHint } from '../lib/validate';

const empty: SignupFields = { firstname: '', lastname: '', username: '', password: '' };
const labels: Record<keyof SignupFields, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  username: 'Username',
  password: 'Password',
};

export function SignupRoute() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const signup = useSignup();
  const [fields, setFields] = useState(empty);
  // Beside each field, until that field changes (the toasts of SPEC §8 come and go).
  const [errors, setErrors] = useState<FieldErrors<keyof SignupFields>>({});
  const set = (name: keyof SignupFields) => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => withoutField(e, name));
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = signupFieldErrors(fields);
    setErrors(problems);
    const problem = signupProblem(fields);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (Object.keys(problems).length > 0) return;
    const body = {
      firstname: fields.firstname.trim(),
      lastname: fields.lastname.trim(),
      username: fields.username.trim(),
      password: fields.password,
    };
    signup.mutate(body, {
      onSuccess: () => {
        // An earlier refusal ('User already exists!') would follow the person into the app.
        toast.dismiss();
        toast.success(<SignedUpToast />);
        navigate(paths.home, { replace: true });
      },
      onError: (error) => {
        // SPEC §8: a taken username reads as an invitation to log in; other refusals say what is wrong.
        const taken = error instanceof ApiError && error.status === 422;
        toast.error(taken ? uiMessages.userExists : errorText(error));
        setErrors(
          taken
            ? { username: 'This username is taken: choose another, or log in if it is yours.' }
            : fieldErrorsFrom(error, labels).fields,
        );
      },
    });
  }

  return (
    <AuthLayout title="Sign up">
      <form className="auth__form" onSubmit={onSubmit} noValidate>
        <TextField
          label={labels.firstname}
          name="firstname"
          autoComplete="given-name"
          value={fields.firstname}
          error={errors.firstname}
          onChange={set('firstname')}
        />
        <TextField
          label="Last name"
          name="lastname"
          autoComplete="family-name"
          value={fields.lastname}
          error={errors.lastname}
          onChange={set('lastname')}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={fields.username}
          error={errors.username}
          hint={usernameHint}
          onChange={set('username')}
        />
        <PasswordField
          autoComplete="new-password"
          value={fields.password}
          error={errors.password}
          onChange={set('password')}
        />
        <div className="auth__actions">
          <Button type="submit" busy={signup.isPending}>
            Sign Up
          </Button>
        </div>
      </form>
      <p className="auth__switch">
        Already have an account? <Link to={paths.login}>Log in</Link>
      </p>
    </AuthLayout>
  );
}

/** SPEC §8: the welcome names the product, then confirms the signup. */
function SignedUpToast() {
  return (
    <div>
      <strong>{uiMessages.signupWelcome}</strong>
      <br />
      {uiMessages.signedUp}
    </div>
  );
}

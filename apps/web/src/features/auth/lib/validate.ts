import { uiMessages } from '@spotter/contract';

/** SPEC §5, login: which message a form that cannot be sent gets; null when it may be sent. */
export function loginProblem(username: string, password: string): string | null {
  const noUsername = username.trim() === '';
  const noPassword = password === '';
  if (noUsername && noPassword) return uiMessages.fillAllFields;
  if (noUsername) return uiMessages.usernameEmpty;
  if (noPassword) return uiMessages.passwordEmpty;
  return null;
}

export interface SignupFields {
  firstname: string;
  lastname: string;
  username: string;
  password: string;
}

/** SPEC §5, signup: all four fields are required, with one message for any that is missing. */
export function signupProblem(fields: SignupFields): string | null {
  const missing =
    fields.firstname.trim() === '' ||
    fields.lastname.trim() === '' ||
    fields.username.trim() === '' ||
    fields.password === '';
  return missing ? uiMessages.fillAllFields : null;
}

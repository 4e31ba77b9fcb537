import { uiMessages, usernameRule } from '@spotter/contract';
import type { FieldErrors } from '../../../lib/field-errors';

/** SPEC §5, login: which message a form that cannot be sent gets; null when it may be sent. */
export function loginProblem(username: string, password: string): string | null {
  const noUsername = username.trim() === '';
  const noPassword = password === '';
  if (noUsername && noPassword) return uiMessages.fillAllFields;
  if (noUsername) return uiMessages.usernameEmpty;
  if (noPassword) return uiMessages.passwordEmpty;
  return null;
}

export type LoginField = 'username' | 'password';

/** The login form's words beside each empty field. */
export function loginFieldErrors(username: string, password: string): FieldErrors<LoginField> {
  const errors: FieldErrors<LoginField> = {};
  if (username.trim() === '') errors.username = 'Enter your username.';
  if (password === '') errors.password = 'Enter your password.';
  return errors;
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

/** The username's rule, in the words shown under the field before anything goes wrong. */
export const usernameHint = `Letters, digits, _ and . only; up to ${usernameRule.maxLength} characters.`;

/** What the signup form says beside each field it cannot send as it is. */
export function signupFieldErrors(fields: SignupFields): FieldErrors<keyof SignupFields> {
  const errors: FieldErrors<keyof SignupFields> = {};
  if (fields.firstname.trim() === '') errors.firstname = 'Enter your first name.';
  if (fields.lastname.trim() === '') errors.lastname = 'Enter your last name.';
  const username = fields.username.trim();
  if (username === '') errors.username = 'Choose a username.';
  else if (username.length > usernameRule.maxLength || !usernameRule.pattern.test(username)) {
    errors.username = `Use only letters, digits, _ and . in a username, up to ${usernameRule.maxLength} characters.`;
  }
  if (fields.password === '') errors.password = 'Choose a password.';
  return errors;
}

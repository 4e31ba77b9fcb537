import { type LoginBody, routes } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

export const login = (body: LoginBody) => call(routes.login, { body });

/** Logs in and stores the session; the screen decides where to go next. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ foundUser, encodedToken }) => setSession({ token: encodedToken, user: foundUser }),
  });
}

import { endpoints, type LoginBody, type User } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

interface LoginAnswer {
  foundUser: User;
  encodedToken: string;
}

export function login(body: LoginBody) {
  return api<LoginAnswer>(endpoints.login.path, { method: 'POST', body });
}

/** Logs in and stores the session; the screen decides where to go next. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ foundUser, encodedToken }) => setSession({ token: encodedToken, user: foundUser }),
  });
}

import type { LoginBody, User } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/**
 * endpoints.login.path of the contract, spelled out: `endpoints` carries every zod schema, and
 * the login screen must not load them (the JS budget of `/`).
 */
export const loginPath = '/api/auth/login';

interface LoginAnswer {
  foundUser: User;
  encodedToken: string;
}

export function login(body: LoginBody) {
  return api<LoginAnswer>(loginPath, { method: 'POST', body });
}

/** Logs in and stores the session; the screen decides where to go next. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ foundUser, encodedToken }) => setSession({ token: encodedToken, user: foundUser }),
  });
}

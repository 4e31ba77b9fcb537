import { defaultAvatarUrl, type SignupBody, type User } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/**
 * endpoints.signup.path of the contract, spelled out: `endpoints` carries every zod schema, and
 * the login screen must not load them (the JS budget of `/`).
 */
export const signupPath = '/api/auth/signup';

interface SignupAnswer {
  createdUser: User;
  encodedToken: string;
}

/** SPEC §7: signup sends the fixed default avatar along with the four fields. */
export function signup(body: Omit<SignupBody, 'avatarUrl'>) {
  return api<SignupAnswer>(signupPath, {
    method: 'POST',
    body: { ...body, avatarUrl: defaultAvatarUrl },
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ createdUser, encodedToken }) => setSession({ token: encodedToken, user: createdUser }),
  });
}

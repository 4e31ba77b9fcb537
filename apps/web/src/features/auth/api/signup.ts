import { defaultAvatarUrl, endpoints, type SignupBody, type User } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

interface SignupAnswer {
  createdUser: User;
  encodedToken: string;
}

/** SPEC §7: signup sends the fixed default avatar along with the four fields. */
export function signup(body: Omit<SignupBody, 'avatarUrl'>) {
  return api<SignupAnswer>(endpoints.signup.path, {
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

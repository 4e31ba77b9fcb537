import { defaultAvatarUrl, routes, type SignupBody } from '@spotter/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

/** SPEC §7: signup sends the fixed default avatar along with the four fields. */
export const signup = (body: Omit<SignupBody, 'avatarUrl'>) =>
  call(routes.signup, { body: { ...body, avatarUrl: defaultAvatarUrl } });

export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ createdUser, encodedToken }) => setSession({ token: encodedToken, user: createdUser }),
  });
}

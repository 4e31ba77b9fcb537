import { type EditProfileBody, routes } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { postKeys, userKeys } from '../../../lib/query-keys';
import { getSession, updateSessionUser } from '../../../lib/session';

export type ProfileChanges = Pick<NonNullable<EditProfileBody['userData']>, 'avatarUrl' | 'bio' | 'website'>;

export const editProfile = async (userData: ProfileChanges) =>
  (await call(routes.editProfile, { body: { userData } })).profile;

/**
 * SPEC §4: the new avatar replaces the old one everywhere: in the stored session (left nav), the
 * profile header, and the post cards, whose author summaries are refetched.
 */
export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(userKeys.profile(profile.username), profile);
      const user = getSession()?.user;
      if (user) {
        updateSessionUser({
          ...user,
          avatarUrl: profile.avatarUrl,
          bio: profile.bio,
          website: profile.website,
          updatedAt: profile.updatedAt,
        });
      }
      queryClient.invalidateQueries({ queryKey: userKeys.all });
      // Post cards carry their author's avatar.
      queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}

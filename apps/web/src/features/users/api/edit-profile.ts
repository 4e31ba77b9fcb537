import { type EditProfileBody, endpoints, type Profile } from '@spotter/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getSession, updateSessionUser } from '../../../lib/session';
import { userKeys } from './user-keys';

export type ProfileChanges = Pick<NonNullable<EditProfileBody['userData']>, 'avatarUrl' | 'bio' | 'website'>;

export async function editProfile(userData: ProfileChanges): Promise<Profile> {
  const { profile } = await api<{ profile: Profile }>(endpoints.editProfile.path, {
    method: 'POST',
    body: { userData },
    minimal: true,
  });
  return profile;
}

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
      // Post cards carry their author's avatar; the posts feature keeps every post query under ['posts'].
      queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}

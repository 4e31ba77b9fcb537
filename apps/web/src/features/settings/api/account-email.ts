import { type AccountEmail, routes } from '@spotter/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

const emailKey = () => [...settingsKeys.all, 'email'] as const;

export const accountEmailQuery = () =>
  queryOptions({
    queryKey: emailKey(),
    queryFn: async ({ signal }): Promise<AccountEmail> => (await call(routes.myEmail, { signal })).email,
  });

export const useAccountEmail = () => useQuery(accountEmailQuery());

/** Adds or changes the email (issue 45): the answer shows it waiting for the mailed link. */
export function useSetEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => (await call(routes.setEmail, { body: { email } })).email,
    onSuccess: (email) => queryClient.setQueryData(emailKey(), email),
  });
}

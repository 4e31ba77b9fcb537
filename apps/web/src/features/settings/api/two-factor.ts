import { type RouteBody, routes } from '@spotter/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

const statusKey = () => [...settingsKeys.all, 'two-factor'] as const;

/** Whether logging in asks for a code. */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: statusKey(),
    queryFn: async ({ signal }) => (await call(routes.twoFactorStatus, { signal })).enabled,
  });

/** A new key and its otpauth:// link (not on until confirmed). */
export const useStartTwoFactor = () => useMutation({ mutationFn: () => call(routes.startTwoFactor) });

/** Turns it on with a code of the new key; answers the recovery codes, shown once. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => (await call(routes.confirmTwoFactor, { body: { code } })).recoveryCodes,
    // The security log has a new line; the status is set once the codes are put away.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.securityLog() }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<'disableTwoFactor'>) => call(routes.disableTwoFactor, { body }),
    onSuccess: () => {
      queryClient.setQueryData(statusKey(), false);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.securityLog() });
    },
  });
}

/** After the recovery codes were shown: the section says it is on. */
export function useTwoFactorTurnedOn() {
  const queryClient = useQueryClient();
  return () => queryClient.setQueryData(statusKey(), true);
}

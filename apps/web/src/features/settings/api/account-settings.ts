import { type AccountSettings, routes, type TrainingSettings } from '@spotter/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { trainingKeys } from '../../../lib/query-keys';
import { settingsKeys } from './settings-keys';

export const accountSettingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.account(),
    queryFn: async ({ signal }) => (await call(routes.accountSettings, { signal })).settings,
  });

export const useAccountSettings = () => useQuery(accountSettingsQuery());

export function useSaveAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: Partial<AccountSettings>) =>
      (await call(routes.editAccountSettings, { body: { settings } })).settings,
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.account(), settings),
  });
}

/** The training log's settings: the same query the training screens read their units from. */
export const useTrainingSettings = () =>
  useQuery({
    queryKey: trainingKeys.settings(),
    queryFn: async ({ signal }) => (await call(routes.trainingSettings, { signal })).settings,
  });

export function useSaveTrainingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: Partial<TrainingSettings>) =>
      (await call(routes.editTrainingSettings, { body: { settings } })).settings,
    onSuccess: (settings) => {
      queryClient.setQueryData(trainingKeys.settings(), settings);
      // Figures shown in the old units or weeks of the old time zone are read again.
      void queryClient.invalidateQueries({ queryKey: trainingKeys.all });
    },
  });
}

import { type BlockDomainBody, routes } from '@spotter/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { moderationKeys } from './moderation-keys';

/** Under ['moderation'], so every moderator action refreshes it with the rest. */
const blockedKey = [...moderationKeys.all, 'blocked-domains'] as const;

/** The instance block list and the servers whose deliveries were given up on (issue 49). */
export const blockedDomainsOptions = () =>
  queryOptions({ queryKey: blockedKey, queryFn: ({ signal }) => call(routes.blockedDomains, { signal }) });

export function useBlockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockDomainBody) => call(routes.blockDomain, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedKey }),
  });
}

export function useUnblockDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => call(routes.unblockDomain, { params: { domain } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blockedKey }),
  });
}

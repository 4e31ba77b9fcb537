import { routes, type UserSummary } from '@spotter/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

/** People per page of the search page's People tab. */
export const peoplePageSize = 20;

type PeoplePage = { users: UserSummary[]; nextCursor: string | null };

/** The search page's People tab: username or name contains q, best matches first, page by page. */
export const peopleSearchOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: userKeys.searchPages(q),
    queryFn: async ({ pageParam, signal }): Promise<PeoplePage> => {
      const answer = await call(routes.search, {
        query: { q, type: 'people', limit: peoplePageSize, cursor: pageParam },
        signal,
      });
      return answer.type === 'people' ? answer : { users: [], nextCursor: null };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: PeoplePage) => last.nextCursor ?? undefined,
    enabled: q !== '',
  });

export const usePeopleSearch = (q: string) => useInfiniteQuery(peopleSearchOptions(q));

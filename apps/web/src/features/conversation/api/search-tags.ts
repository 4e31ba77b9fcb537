import { routes } from '@spotter/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { conversationKeys } from './conversation-keys';

/** Tags per page of the search page's Tags tab. */
export const tagPageSize = 20;

type TagPage = { tags: { tag: string; posts: number }[]; nextCursor: string | null };

/** The search page's Tags tab: hashtags that start with q (with or without its #), most used first. */
export const tagSearchOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: conversationKeys.search(q),
    queryFn: async ({ pageParam, signal }): Promise<TagPage> => {
      const answer = await call(routes.search, {
        query: { q, type: 'tags', limit: tagPageSize, cursor: pageParam },
        signal,
      });
      return answer.type === 'tags' ? answer : { tags: [], nextCursor: null };
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: TagPage) => last.nextCursor ?? undefined,
    enabled: q !== '',
  });

export const useTagSearch = (q: string) => useInfiniteQuery(tagSearchOptions(q));

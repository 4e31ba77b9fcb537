import type { ReactNode } from 'react';
import { Button } from './button';

/** What a "more" button reads of an infinite query (useInfiniteQuery's answer has it all). */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Loads a list's next page: nothing on the last page, busy while a page loads. */
export function MoreButton({ pages, children }: { pages: NextPages; children: ReactNode }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="secondary" busy={pages.isFetchingNextPage} onClick={() => pages.fetchNextPage()}>
      {children}
    </Button>
  );
}

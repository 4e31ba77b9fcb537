import type { PostPage } from '@spotter/contract';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { postKeys } from '../../../lib/query-keys';
import { homeFeedQuery, newestHomePosts, postListOptions } from '../api/post-lists';
import { forgetNewPosts, useNewPostIds } from '../lib/new-posts';
import './new-posts-pill.css';

/** The list the new posts go into: the feed as it shows with no filter (and with 'Latest', the same order). */
const newestFeed = homeFeedQuery('newest');

/**
 * Puts the newest posts at the head of the loaded feed, keeping every page already loaded after them
 * (the reader's place stays in the list). Answers how many were added, or undefined when the answer
 * did not reach a post the list holds (more new posts than one call brings): the list then starts
 * again from the top.
 */
function prependNewest(current: InfiniteData<PostPage, string | undefined>, page: PostPage) {
  const known = new Set(current.pages.flatMap((p) => p.posts.map((post) => post._id)));
  const firstKnown = page.posts.findIndex((post) => known.has(post._id));
  if (firstKnown === -1 && page.nextCursor) return undefined;
  const fresh = page.posts.slice(0, firstKnown === -1 ? page.posts.length : firstKnown);
  const [first, ...rest] = current.pages;
  if (!first) return undefined;
  return { ...current, pages: [{ ...first, posts: [...fresh, ...first.posts] }, ...rest] };
}

/**
 * "N new posts" (issue 47): while someone reads Home, the posts that people they follow made since
 * (the stream's `new-post` events) and that the feed does not show yet. Pressing it asks for them,
 * lets `beforeShow` take the reader to the head of the feed, puts them there without reloading what
 * was read, and tells `onShown` how many came.
 */
export function NewPostsPill({
  beforeShow,
  onShown,
}: {
  beforeShow: () => Promise<void>;
  onShown: (count: number) => void;
}) {
  const queryClient = useQueryClient();
  const ids = useNewPostIds();
  // The cached feed, read and never fetched from here (the list below loads it).
  const { data } = useInfiniteQuery({ ...postListOptions(newestFeed), enabled: false });
  const [busy, setBusy] = useState(false);
  const unseen = useMemo(() => {
    const shown = new Set(data?.pages.flatMap((page) => page.posts.map((post) => post._id)));
    return ids.filter((id) => !shown.has(id));
  }, [ids, data]);
  if (unseen.length === 0) return null;

  const show = async () => {
    setBusy(true);
    const key = postKeys.list(newestFeed.kind);
    try {
      const page = await newestHomePosts(unseen.length);
      await beforeShow();
      const current = queryClient.getQueryData<InfiniteData<PostPage, string | undefined>>(key);
      const next = current && prependNewest(current, page);
      if (next) queryClient.setQueryData(key, next);
      else await queryClient.resetQueries({ queryKey: key });
      forgetNewPosts();
      onShown(unseen.length);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const label = unseen.length === 1 ? '1 new post' : `${unseen.length > 99 ? '99+' : unseen.length} new posts`;
  return (
    <div className="new-posts">
      <button type="button" className="new-posts__pill" onClick={show} disabled={busy} aria-busy={busy || undefined}>
        <span aria-hidden="true">↑</span> {label}
      </button>
    </div>
  );
}

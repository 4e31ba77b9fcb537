import { useSyncExternalStore } from 'react';

/**
 * The posts that people the reader follows made since the home feed was loaded (issue 47), as the
 * notification stream tells them (`new-post` events, which the app hands to `noteNewPost`). The home
 * feed counts those it does not show yet into its "N new posts" pill.
 */
let ids: readonly string[] = [];
const listeners = new Set<() => void>();
/** Enough for any pill ("99+" is all it says past that), bounded however long a tab stays open. */
const kept = 100;

const set = (next: readonly string[]) => {
  ids = next;
  for (const listener of listeners) listener();
};

/** A followed person's new post, by its id (a repeated id counts once). */
export function noteNewPost(postId: string) {
  if (!ids.includes(postId)) set([...ids, postId].slice(-kept));
}

/** Forgets them all: once they are shown, or when the session changes. */
export function forgetNewPosts() {
  if (ids.length > 0) set([]);
}

/** The new posts noted so far, oldest first. */
export function useNewPostIds(): readonly string[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ids,
  );
}

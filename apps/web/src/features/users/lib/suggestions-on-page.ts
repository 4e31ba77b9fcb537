import { useEffect, useSyncExternalStore } from 'react';

/**
 * How many suggestion lists the page itself shows (the empty home feed's "People to follow"), so
 * that the people dialog, which phones and tablets open from the top bar, does not list the same
 * people a second time (issue 47).
 */
let onPage = 0;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Marks a list shown in the page for as long as the calling component is mounted. */
export function useSuggestionsOnPage(active: boolean) {
  useEffect(() => {
    if (!active) return;
    onPage += 1;
    changed();
    return () => {
      onPage -= 1;
      changed();
    };
  }, [active]);
}

/** Whether the page shows a suggestion list now. */
export function useSuggestionsShownOnPage(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => onPage > 0,
  );
}

import { useEffect } from 'react';

/** Each screen names its tab ("Explore · Spotter"), so tabs and history entries can be told apart. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} · Spotter`;
  }, [title]);
}

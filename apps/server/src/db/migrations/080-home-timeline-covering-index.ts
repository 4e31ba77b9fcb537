import { rebuiltIndex } from './rebuilt-index';

/**
 * A newest home page reads the viewer's latest timeline entries from `home_timeline_viewer_created_at`
 * and needs each one's post_id, which that index did not hold: each of the ~21 entries then looked up
 * its table row by rowid. A viewer's rows are written one post's fan-out at a time, so they lie
 * scattered over the table, one page each: on the bench's 1M-post SQLite network those lookups were
 * a large share of a feed page's page misses and pushed the rest of its working set out of SQLite's
 * 16 MB cache (docs/performance-log.md, "The home timeline's index made covering", 2026-11-28). With
 * post_id in the index the page is one range of it. The leading columns are the same, so the trims
 * and every other read of the index are served as before.
 */
export const homeTimelineCoveringIndex = () =>
  rebuiltIndex('home_timeline_viewer_created_at', 'home_timeline', ['viewer_id', 'created_at'], ['post_id']);

import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { prepared } from '../../../db/prepared';
import type { Key } from '../../../db/schema';
import type { PageRequest } from '../../../paging/page-request';
import { afterOf, type Continues, continues, type PageArgs, pageArgs, rowsOf } from '../../../paging/page-shape';
import { byTime, cardQuery, ordered, type Page, toPage } from '../../posts';
import { postVisibleTo } from '../../safety';
import { searchWords } from '../search-words';

type PostSearchArgs = PageArgs & { viewer: Key | undefined; match: string };

/**
 * Posts whose text holds every word of `q` (each as the start of a word: "squat" finds "squats"),
 * newest first, one page, only those the viewer may see (the visibility rule of every list: private
 * posts never found by someone else, blocks either way, mutes, removed posts and suspended authors
 * hidden). SQLite reads the FTS5 index `posts_search`, PostgreSQL the GIN index of the text's
 * tsvector (migration 126, decision 089). A text with no word finds nothing.
 */
export async function postSearchPage(db: Db, viewerId: Key | undefined, q: string, page: PageRequest): Promise<Page> {
  const words = searchWords(q);
  if (words.length === 0) return { posts: [], next: null };
  const match =
    db.kind === 'sqlite' ? words.map((word) => `"${word}"*`).join(' ') : words.map((word) => `${word}:*`).join(' & ');
  const shape = `${viewerId === undefined ? 'anonymous' : 'viewer'} ${continues(page)}` as const;
  const rows = await postSearchQuery(db, shape, { viewer: viewerId, match, ...pageArgs(page) });
  return toPage(db, rows, page.limit, byTime);
}

const postSearchQuery = prepared(
  (db: Db, args: PostSearchArgs, shape: `${'anonymous' | 'viewer'} ${Continues}`) => {
    const [viewer, from] = shape.split(' ') as ['anonymous' | 'viewer', Continues];
    const viewerId = viewer === 'anonymous' ? undefined : args.viewer;
    const matching =
      db.kind === 'sqlite'
        ? sql<boolean>`posts.id in (select rowid from posts_search where posts_search match ${args.match})`
        : sql<boolean>`to_tsvector('simple', posts.content) @@ to_tsquery('simple', ${args.match})`;
    const query = cardQuery(db, viewerId)
      .where(matching)
      .where(postVisibleTo(viewerId, { author: 'author', mutes: true }));
    return ordered(query, 'newest', afterOf(args, from), rowsOf(from));
  },
  { packed: true },
);

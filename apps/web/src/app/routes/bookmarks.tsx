import { uiMessages } from '@spotter/contract';
import '../../components/ui/feed-page.css';
import { bookmarkedPostsQuery, PostList } from '../../features/posts';
import { useDocumentTitle } from '../../lib/document-title';
import { postCardParts } from '../slots/post-card-parts';

/** /bookmark: the person's bookmarked posts, most recently bookmarked first. */
export function BookmarksRoute() {
  useDocumentTitle('Bookmarks');
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Bookmarks</h1>
      <PostList parts={postCardParts} query={bookmarkedPostsQuery()} emptyText={uiMessages.noBookmarks} />
    </div>
  );
}

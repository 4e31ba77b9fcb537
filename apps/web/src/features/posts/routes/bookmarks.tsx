import { uiMessages } from '@spotter/contract';
import { bookmarkedPostsQuery } from '../api/post-lists';
import { PostList } from '../components/post-list';
import './feed-page.css';
import { useDocumentTitle } from '../../../lib/document-title';

/** /bookmark: the person's bookmarked posts, most recently bookmarked first. */
export function BookmarksRoute() {
  useDocumentTitle('Bookmarks');
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Bookmarks</h1>
      <PostList query={bookmarkedPostsQuery()} emptyText={uiMessages.noBookmarks} />
    </div>
  );
}

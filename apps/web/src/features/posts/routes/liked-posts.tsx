import { uiMessages } from '@spotter/contract';
import { likedPostsQuery } from '../api/post-lists';
import { PostList } from '../components/post-list';
import './feed-page.css';
import { useDocumentTitle } from '../../../lib/document-title';

/** /likepage: the posts the person liked, most recently liked first. */
export function LikedPostsRoute() {
  useDocumentTitle('Liked posts');
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Liked posts</h1>
      <PostList query={likedPostsQuery()} emptyText={uiMessages.noLikedPosts} />
    </div>
  );
}

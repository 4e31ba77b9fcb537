import { uiMessages } from '@spotter/contract';
import '../../components/ui/feed-page.css';
import { likedPostsQuery, PostList } from '../../features/posts';
import { useDocumentTitle } from '../../lib/document-title';
import { postCardParts } from '../slots/post-card-parts';

/** /likepage: the posts the person liked, most recently liked first. */
export function LikedPostsRoute() {
  useDocumentTitle('Liked posts');
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Liked posts</h1>
      <PostList parts={postCardParts} query={likedPostsQuery()} emptyText={uiMessages.noLikedPosts} />
    </div>
  );
}

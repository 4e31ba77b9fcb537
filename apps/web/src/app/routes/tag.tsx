import { useParams } from 'react-router';
import '../../components/ui/feed-page.css';
import { PostList, tagPostsQuery } from '../../features/posts';
import { useDocumentTitle } from '../../lib/document-title';
import { postCardParts } from '../slots/post-card-parts';

/** /tags/:tag: the posts with a hashtag, newest first. */
export function TagRoute() {
  const { tag = '' } = useParams();
  const key = tag.toLowerCase();
  useDocumentTitle(`#${key}`);
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">#{key}</h1>
      <PostList parts={postCardParts} query={tagPostsQuery(key)} emptyText={`No posts with #${key} yet`} />
    </div>
  );
}

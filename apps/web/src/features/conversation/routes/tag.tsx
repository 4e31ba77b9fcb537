import { useParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { PostList, tagPostsQuery } from '../../posts';

/** /tags/:tag: the posts with a hashtag, newest first. */
export function TagRoute() {
  const { tag = '' } = useParams();
  const key = tag.toLowerCase();
  useDocumentTitle(`#${key}`);
  return (
    <div className="feed-page">
      <h1 className="feed-page__title">#{key}</h1>
      <PostList query={tagPostsQuery(key)} emptyText={`No posts with #${key} yet`} />
    </div>
  );
}

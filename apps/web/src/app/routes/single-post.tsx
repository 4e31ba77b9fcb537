import { useLocation, useNavigate, useParams } from 'react-router';
import '../../components/ui/feed-page.css';
import { paths } from '../../config/paths';
import { CommentThread } from '../../features/conversation';
import { PostCard, PostPageBar, usePostCard } from '../../features/posts';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { OthersMenu } from '../slots/others-menu';
import { postCardParts } from '../slots/post-card-parts';

/** /postpage/:postId: one post card, then its comment thread. */
export function SinglePostRoute() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  // A notification's link names the comment it is about (`#comment-{id}`): the thread opens at it.
  const { hash } = useLocation();
  const highlight = hash.startsWith('#comment-') ? decodeURIComponent(hash.slice('#comment-'.length)) : undefined;
  const { data: post, error, status } = usePostCard(postId);
  useDocumentTitle(post ? `Post by @${post.author.username}` : 'Post');
  return (
    <div className="feed-page">
      <PostPageBar postId={postId} />
      <h1 className="feed-page__title">Post</h1>
      {status === 'pending' && <p role="status">Loading post…</p>}
      {status === 'error' && (
        <p role="alert">
          {error instanceof ApiError && error.status === 404 ? 'This post does not exist.' : error.message}
        </p>
      )}
      {post && <PostCard post={post} parts={postCardParts} onDeleted={() => navigate(paths.home, { replace: true })} />}
      {post && (
        <CommentThread postId={post._id} postAuthorId={post.author._id} OthersMenu={OthersMenu} highlight={highlight} />
      )}
    </div>
  );
}

import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { CommentThread } from '../../conversation';
import { usePostCard } from '../api/get-post';
import { PostCard } from '../components/post-card';
import { PostPageBar } from '../components/post-page-bar';
import './feed-page.css';

/** /postpage/:postId: one post card. */
export function SinglePostRoute() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
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
      {post && <PostCard post={post} onDeleted={() => navigate(paths.home, { replace: true })} />}
      {post && <CommentThread postId={post._id} postAuthorId={post.author._id} />}
    </div>
  );
}

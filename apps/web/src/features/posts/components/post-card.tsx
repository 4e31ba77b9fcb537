import type { CardPost, UserSummary, WorkoutSummary } from '@spotter/contract';
import { type ComponentType, lazy, memo, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { ActionMenu, type OthersMenu } from '../../../components/ui/action-menu';
import { BookmarkIcon, CommentIcon, HeartIcon } from '../../../components/ui/icons';
import { UserLink } from '../../../components/ui/user-link';
import { paths } from '../../../config/paths';
import { formatExactDate, formatPostDate } from '../../../lib/dates';
import { countOf } from '../../../lib/plural';
import { needsConnection, useReachability } from '../../../lib/reachability';
import { useSession } from '../../../lib/session';
import { useDeletePost } from '../api/delete-post';
import { useToggleBookmark, useToggleLike } from '../api/post-toggles';
import { ConfirmDelete } from './confirm-delete';
import { PostMedia } from './post-media';

import { PostText } from './post-text';
import { VisibilityBadge } from './visibility-badge';
import './post-card.css';

// The composer is only needed when someone edits: its own chunk, loaded on demand.
const NewPostModal = lazy(() => import('./new-post-modal').then((m) => ({ default: m.NewPostModal })));

/** What a card shows from other features, which the app fills (app/slots/post-card-parts.ts). */
export interface PostCardParts {
  /** The "⋯" menu of someone else's post (Mute, Block, Report). */
  OthersMenu: OthersMenu;
  /** The logged workout a post shares (`postId`: the post, which "Copy to my log" copies it from). */
  Workout: ComponentType<{ workout: WorkoutSummary; postId: string }>;
}

interface PostCardProps {
  post: CardPost;
  parts: PostCardParts;
  /** After the post is deleted (the single post page leaves for the home feed). */
  onDeleted?: () => void;
}

/** A person's full name, else their username (as UserLink shows them). */
const nameOf = (user: Pick<UserSummary, 'firstname' | 'lastname' | 'username'>) =>
  `${user.firstname} ${user.lastname}`.trim() || user.username;

/** One post (SPEC §2 "Post card"). */
export const PostCard = memo(function PostCard({ post, parts, onDeleted }: PostCardProps) {
  const session = useSession();
  const toggleLike = useToggleLike(post);
  const toggleBookmark = useToggleBookmark(post);
  const remove = useDeletePost();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const offline = useReachability() === 'offline';
  const { author } = post;
  const own = session?.user._id === author._id;
  const nameId = `post-${post._id}-author`;
  const { OthersMenu, Workout } = parts;

  return (
    <article className="post-card" data-testid="post-card" aria-labelledby={nameId}>
      {post.boostedBy && (
        // A Home entry a followed person's boost put there (issue 49): who, above the post.
        <p className="post-card__boosted">
          <Link to={paths.profile(post.boostedBy.username)}>Boosted by {nameOf(post.boostedBy)}</Link>
        </p>
      )}
      <header className="post-card__header">
        <UserLink user={author} avatarSize={44} nameId={nameId} />
        <Link to={paths.post(post._id)} className="post-card__date">
          <time dateTime={post.createdAt} title={formatExactDate(post.createdAt)}>
            {formatPostDate(post.createdAt)}
          </time>
        </Link>
        {post.editedAt && (
          <span className="post-card__edited" title={`Edited ${formatExactDate(post.editedAt)}`}>
            · edited
          </span>
        )}
        <VisibilityBadge visibility={post.visibility} />
        {/* The "⋯" menu: one's own post is edited or deleted; someone else's muted, blocked or reported. */}
        {own ? (
          <ActionMenu
            label="Post options"
            items={[
              { id: 'edit', label: 'Edit', onSelect: () => setEditing(true) },
              { id: 'delete', label: 'Delete', danger: true, onSelect: () => setConfirmingDelete(true) },
            ]}
          />
        ) : (
          <OthersMenu
            label={`Options for @${author.username}'s post`}
            subject={{ type: 'post', id: post._id }}
            author={author}
            onBlocked={onDeleted}
          />
        )}
      </header>
      {post.content && <PostText postId={post._id} content={post.content} />}
      <PostMedia post={post} />
      {post.workout && <Workout workout={post.workout} postId={post._id} />}
      <footer className="post-card__actions">
        <button
          type="button"
          className="icon-button icon-button--quiet post-card__like"
          aria-label="Like"
          aria-pressed={post.likedByMe}
          onClick={toggleLike}
          disabled={offline}
          title={offline ? needsConnection : undefined}
        >
          <HeartIcon size={20} filled={post.likedByMe} />
        </button>
        <span className="post-card__count" data-testid="like-count">
          {post.likeCount}
        </span>
        <button
          type="button"
          className="icon-button icon-button--quiet post-card__bookmark"
          aria-label="Bookmark"
          aria-pressed={post.bookmarkedByMe}
          onClick={toggleBookmark}
          disabled={offline}
          title={offline ? needsConnection : undefined}
        >
          <BookmarkIcon size={20} filled={post.bookmarkedByMe} />
        </button>
        <Link to={paths.post(post._id)} className="post-card__comments" data-testid="comment-count">
          <CommentIcon size={20} />
          {countOf(post.commentCount, 'comment')}
        </Link>
      </footer>
      {confirmingDelete && (
        <ConfirmDelete
          media={post.image ? (post.mediaType ?? 'image') : null}
          busy={remove.isPending}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() =>
            remove.mutate(post._id, {
              onSuccess: () => {
                setConfirmingDelete(false);
                onDeleted?.();
              },
            })
          }
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <NewPostModal open onClose={() => setEditing(false)} post={post} />
        </Suspense>
      )}
    </article>
  );
});

import type { Comment } from '@spotter/contract';
import { type ReactNode, type Ref, useState } from 'react';
import type { OthersMenu } from '../../../components/ui/action-menu';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/relative-time';
import { RichText } from '../../../components/ui/rich-text';
import { UserLink } from '../../../components/ui/user-link';
import { CommentComposer } from './comment-composer';

interface CommentItemProps {
  comment: Comment;
  /** The signed-in person wrote it, or wrote the post (may delete). */
  mine: boolean;
  canDelete: boolean;
  busy: boolean;
  onEdit: (content: string) => Promise<unknown>;
  onDelete: () => void;
  onReply?: (content: string) => Promise<unknown>;
  /** The "⋯" menu of someone else's comment (Mute, Block, Report), which the app fills. */
  OthersMenu: OthersMenu;
  /** The comment a notification opened the page at (issue 47): marked, and given the focus by the thread. */
  highlighted?: boolean;
  highlightRef?: Ref<HTMLElement>;
  children?: ReactNode;
}

/** The id of a comment's element, the fragment a link to it names (`/postpage/{id}#comment-{commentId}`). */
export const commentAnchor = (commentId: string) => `comment-${commentId}`;

/** One comment: author, time, text with links, and what the signed-in person may do with it. */
export function CommentItem({
  comment,
  mine,
  canDelete,
  busy,
  onEdit,
  onDelete,
  onReply,
  OthersMenu,
  highlighted = false,
  highlightRef,
  children,
}: CommentItemProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const name = `${comment.author.firstname} ${comment.author.lastname}`.trim() || comment.author.username;
  return (
    <li>
      <article
        id={commentAnchor(comment._id)}
        ref={highlighted ? highlightRef : undefined}
        className={highlighted ? 'comment comment--highlighted' : 'comment'}
        aria-label={`Comment by ${name}`}
        aria-current={highlighted ? 'true' : undefined}
        tabIndex={highlighted ? -1 : undefined}
        data-testid="comment"
      >
        <header className="comment__header">
          <UserLink user={comment.author} avatarSize={28} />
          <RelativeTime className="comment__time" iso={comment.createdAt} />
          {/* Someone else's comment: Mute and Block its author, Report the comment. */}
          <OthersMenu
            label={`Options for ${name}'s comment`}
            subject={{ type: 'comment', id: comment._id }}
            author={comment.author}
          />
        </header>
        {mode === 'edit' ? (
          <CommentComposer
            label="Edit your comment"
            submitLabel="Save"
            initial={comment.content}
            busy={busy}
            onSubmit={async (content) => {
              await onEdit(content);
              setMode('view');
            }}
            onCancel={() => setMode('view')}
          />
        ) : (
          <p className="comment__content">
            <RichText text={comment.content} />
          </p>
        )}
        {mode === 'view' && (
          <div className="comment__actions">
            {onReply && (
              <Button size="sm" variant="ghost" onClick={() => setMode('reply')}>
                Reply
              </Button>
            )}
            {mine && (
              <Button size="sm" variant="ghost" onClick={() => setMode('edit')}>
                Edit
              </Button>
            )}
            {canDelete && (
              <Button size="sm" variant="ghost" onClick={onDelete} busy={busy}>
                Delete
              </Button>
            )}
          </div>
        )}
        {mode === 'reply' && onReply && (
          <CommentComposer
            label={`Reply to ${name}`}
            submitLabel="Reply"
            busy={busy}
            onSubmit={async (content) => {
              await onReply(content);
              setMode('view');
            }}
            onCancel={() => setMode('view')}
          />
        )}
      </article>
      {children}
    </li>
  );
}

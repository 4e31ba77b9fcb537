import type { Comment } from '@spotter/contract';
import { type ReactNode, useState } from 'react';
import type { OthersMenu } from '../../../components/ui/action-menu';
import { Button } from '../../../components/ui/button';
import { RichText } from '../../../components/ui/rich-text';
import { UserLink } from '../../../components/ui/user-link';
import { formatDateTime } from '../../../lib/dates';
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
  children?: ReactNode;
}

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
  children,
}: CommentItemProps) {
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const name = `${comment.author.firstname} ${comment.author.lastname}`.trim() || comment.author.username;
  return (
    <li>
      <article className="comment" aria-label={`Comment by ${name}`} data-testid="comment">
        <header className="comment__header">
          <UserLink user={comment.author} avatarSize={28} />
          <time className="comment__time" dateTime={comment.createdAt}>
            {formatDateTime(comment.createdAt)}
          </time>
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

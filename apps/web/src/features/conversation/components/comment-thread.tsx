import type { Comment } from '@spotter/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { OthersMenu } from '../../../components/ui/action-menu';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';
import { commentsOptions, useCommentChange } from '../api/comments';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import './conversation.css';

/** Top-level comments with their replies, from the server's reading order (replies follow their parent). */
function threads(comments: Comment[]) {
  const tops: { comment: Comment; replies: Comment[] }[] = [];
  const byId = new Map<string, { comment: Comment; replies: Comment[] }>();
  for (const comment of comments) {
    const parent = comment.replyTo ? byId.get(comment.replyTo) : undefined;
    if (parent) parent.replies.push(comment);
    else {
      const thread = { comment, replies: [] };
      byId.set(comment._id, thread);
      tops.push(thread);
    }
  }
  return tops;
}

interface CommentThreadProps {
  postId: string;
  postAuthorId: string;
  /** The "⋯" menu of someone else's comment (Mute, Block, Report), which the app fills. */
  OthersMenu: OthersMenu;
  /**
   * A comment to open the thread at (issue 47: a comment or mention notification links to
   * `#comment-{id}`): its page is loaded if need be, then it is scrolled to, marked and focused.
   */
  highlight?: string | undefined;
}

/** The single post page's comment thread: comments, one level of replies, edit, delete and a composer. */
export function CommentThread({ postId, postAuthorId, OthersMenu, highlight }: CommentThreadProps) {
  const session = useSession();
  const me = session?.user._id;
  const { data, status, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    commentsOptions(postId),
  );
  const change = useCommentChange(postId);
  const comments = useMemo(() => data?.pages.flatMap((p) => p.comments) ?? [], [data]);
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  const highlighted = useRef<HTMLElement>(null);
  const found = highlight !== undefined && comments.some((c) => c._id === highlight);
  const shown = useRef<string | undefined>(undefined);
  // The comment may be on a later page (older ones first): pages are loaded until it is there.
  useEffect(() => {
    if (highlight !== undefined && !found && hasNextPage && !isFetchingNextPage) fetchNextPage();
  }, [highlight, found, hasNextPage, isFetchingNextPage, fetchNextPage]);
  // Once per comment asked for: later changes to the thread (a new reply) leave the reader's place alone.
  useEffect(() => {
    if (!found || shown.current === highlight) return;
    const element = highlighted.current;
    if (!element) return;
    shown.current = highlight;
    element.scrollIntoView?.({ block: 'center' });
    element.focus({ preventScroll: true });
  }, [found, highlight]);
  // The Delete button that had the focus is gone with its comment: the focus goes to the thread's
  // title (not back to the top of the page), and a status says what happened.
  const remove = (commentId: string) =>
    change.mutate(
      { kind: 'delete', commentId },
      {
        onSuccess: () => {
          setSaid('Comment deleted');
          title.current?.focus();
        },
      },
    );

  const item = (comment: Comment, replyTo?: string) => (
    <CommentItem
      key={comment._id}
      comment={comment}
      mine={comment.author._id === me}
      canDelete={comment.author._id === me || postAuthorId === me}
      busy={change.isPending}
      onEdit={(content) => change.mutateAsync({ kind: 'edit', commentId: comment._id, content })}
      onDelete={() => remove(comment._id)}
      OthersMenu={OthersMenu}
      highlighted={comment._id === highlight}
      highlightRef={highlighted}
      {...(replyTo ? { onReply: (content: string) => change.mutateAsync({ kind: 'create', content, replyTo }) } : {})}
    />
  );

  return (
    <section className="thread" aria-labelledby={titleId}>
      <h2 id={titleId} className="thread__title" ref={title} tabIndex={-1}>
        Comments
      </h2>
      <span className="visually-hidden" role="status">
        {said}
      </span>
      <CommentComposer
        label="Add a comment"
        submitLabel="Comment"
        busy={change.isPending}
        onSubmit={(content) => change.mutateAsync({ kind: 'create', content })}
      />
      {status === 'pending' && <p role="status">Loading comments…</p>}
      {status === 'error' && <p role="alert">{error.message}</p>}
      {status === 'success' && comments.length === 0 && <p>No comments yet. Start the conversation.</p>}
      <ul className="thread__list">
        {threads(comments).map(({ comment, replies }) => (
          <CommentItem
            key={comment._id}
            comment={comment}
            mine={comment.author._id === me}
            canDelete={comment.author._id === me || postAuthorId === me}
            busy={change.isPending}
            onEdit={(content) => change.mutateAsync({ kind: 'edit', commentId: comment._id, content })}
            onDelete={() => remove(comment._id)}
            onReply={(content) => change.mutateAsync({ kind: 'create', content, replyTo: comment._id })}
            OthersMenu={OthersMenu}
            highlighted={comment._id === highlight}
            highlightRef={highlighted}
          >
            {replies.length > 0 && (
              <ul className="thread__replies" aria-label={`Replies to ${comment.author.username}`}>
                {replies.map((reply) => item(reply, comment._id))}
              </ul>
            )}
          </CommentItem>
        ))}
      </ul>
      {hasNextPage && (
        <Button variant="secondary" busy={isFetchingNextPage} onClick={() => fetchNextPage()}>
          More comments
        </Button>
      )}
    </section>
  );
}

import { type Notification, type NotificationKind, notificationKinds } from '@spotter/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/relative-time';
import { paths } from '../../../config/paths';
import { useCapabilities } from '../../../lib/capabilities';
import { useDocumentTitle } from '../../../lib/document-title';
import { notificationsOptions, useMarkRead } from '../api/notifications';
import { notificationText } from '../lib/notification-text';
import '../../../components/ui/feed-page.css';
import '../components/conversation.css';

/** The filters (issue 47), each a link (`?kind=`), so Back returns to the one left. */
const kindNames: Record<NotificationKind, string> = {
  mention: 'Mentions',
  comment: 'Comments',
  like: 'Likes',
  boost: 'Boosts',
  follow: 'Follows',
};
const isKind = (value: string | null): value is NotificationKind =>
  (notificationKinds as readonly (string | null)[]).includes(value);

const emptyTexts: Record<NotificationKind | 'all', string> = {
  all: 'Nothing yet. Post something and people will answer.',
  mention: 'No mentions yet.',
  comment: 'No comments yet.',
  like: 'No likes yet.',
  boost: 'No boosts yet.',
  follow: 'No follows yet.',
};

/**
 * Where an entry leads: a comment, reply or mention in a comment to the post opened at that comment
 * (issue 47); a like, a boost or a mention in a post to the post; a follow to the follower; a report's outcome nowhere else.
 */
function targetOf(n: Notification): string {
  if (n.report) return paths.notifications;
  if (n.post && n.comment) return paths.postComment(n.post._id, n.comment._id);
  if (n.post) return paths.post(n.post._id);
  return n.actors[0] ? paths.profile(n.actors[0].username) : paths.home;
}

/** /notifications: grouped entries, newest first, all or one kind; viewing them marks them read. */
export function NotificationsRoute() {
  useDocumentTitle('Notifications');
  const [search] = useSearchParams();
  const asked = search.get('kind');
  const kind = isKind(asked) ? asked : undefined;
  const { data, status, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    notificationsOptions(kind),
  );
  const markRead = useMarkRead();
  // Boosts come from other servers only: their filter shows where the server federates.
  const { federation } = useCapabilities();
  const kinds = notificationKinds.filter((k) => k !== 'boost' || federation || kind === 'boost');
  const entries = useMemo(() => data?.pages.flatMap((p) => p.notifications) ?? [], [data]);
  const unread = data?.pages[0]?.unreadCount ?? 0;
  const marked = useRef(false);
  useEffect(() => {
    if (unread > 0 && !marked.current) {
      marked.current = true;
      markRead.mutate();
    }
  }, [unread, markRead]);

  return (
    <div className="feed-page">
      <h1 className="feed-page__title">Notifications</h1>
      <nav aria-label="Notification kinds">
        <ul className="notifications__kinds">
          {[undefined, ...kinds].map((k) => (
            <li key={k ?? 'all'}>
              <Link
                className="notifications__kind"
                to={k ? `${paths.notifications}?kind=${k}` : paths.notifications}
                aria-current={k === kind ? 'page' : undefined}
              >
                {k ? kindNames[k] : 'All'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {status === 'pending' && <p role="status">Loading notifications…</p>}
      {status === 'error' && <p role="alert">{error.message}</p>}
      {status === 'success' && entries.length === 0 && <p>{emptyTexts[kind ?? 'all']}</p>}
      <ul className="notifications__list">
        {entries.map((n) => {
          const excerpt = n.comment?.excerpt ?? n.post?.excerpt;
          return (
            <li
              key={n._id}
              className={`notifications__item${n.read ? '' : ' notifications__item--unread'}`}
              data-testid="notification"
            >
              {n.actors[0] && <Avatar src={n.actors[0].avatarUrl} alt="" size={36} />}
              <p className="notifications__text">
                <Link to={targetOf(n)}>{notificationText(n)}</Link>
                {!n.read && <span className="visually-hidden"> (new)</span>}
                {excerpt && <span className="notifications__excerpt">{excerpt}</span>}
                <RelativeTime className="notifications__time" iso={n.createdAt} />
              </p>
            </li>
          );
        })}
      </ul>
      {hasNextPage && (
        <Button variant="secondary" busy={isFetchingNextPage} onClick={() => fetchNextPage()}>
          More notifications
        </Button>
      )}
    </div>
  );
}

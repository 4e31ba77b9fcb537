import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { notificationsOptions, useMarkRead } from '../api/notifications';
import { notificationText } from '../lib/notification-text';
import '../components/conversation.css';

/** /notifications: grouped entries, newest first; viewing them marks them read. */
export function NotificationsRoute() {
  useDocumentTitle('Notifications');
  const { data, status, error, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    notificationsOptions(),
  );
  const markRead = useMarkRead();
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
      {status === 'pending' && <p role="status">Loading notifications…</p>}
      {status === 'error' && <p role="alert">{error.message}</p>}
      {status === 'success' && entries.length === 0 && <p>Nothing yet. Post something and people will answer.</p>}
      <ul className="notifications__list">
        {entries.map((n) => {
          const target = n.report
            ? paths.notifications
            : n.post
              ? paths.post(n.post._id)
              : n.actors[0]
                ? paths.profile(n.actors[0].username)
                : paths.home;
          const excerpt = n.comment?.excerpt ?? n.post?.excerpt;
          return (
            <li
              key={n._id}
              className={`notifications__item${n.read ? '' : ' notifications__item--unread'}`}
              data-testid="notification"
            >
              {n.actors[0] && <Avatar src={n.actors[0].avatarUrl} alt="" size={36} />}
              <p className="notifications__text">
                <Link to={target}>{notificationText(n)}</Link>
                {!n.read && <span className="visually-hidden"> (new)</span>}
                {excerpt && <span className="notifications__excerpt">{excerpt}</span>}
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

import { type NewPostEvent, type NotificationEvent, notificationStreamPath, type UnreadEvent } from '@spotter/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getSession } from '../../../lib/session';
import { parseEvents } from '../lib/event-stream';
import { conversationKeys } from './conversation-keys';

/**
 * Keeps the bell's unread count live, and hands on a followed person's new post (issue 47): reads GET /api/notifications/stream with fetch (EventSource
 * cannot send the authorization header), sets the count from each event (`notification` or
 * `unread`), and reconnects after a drop with Last-Event-ID, so nothing sent meanwhile is missed. The
 * stream opens with an `unread` event read after it was subscribed: what came before it, which the
 * bell's own read may have missed, is counted there.
 */
export function useNotificationStream(
  token: string | undefined,
  /** A `new-post` event: someone the person follows posted (issue 47; the app hands it to the home feed). */
  onNewPost?: (postId: string) => void,
) {
  const queryClient = useQueryClient();
  const onNewPostRef = useRef(onNewPost);
  onNewPostRef.current = onNewPost;
  useEffect(() => {
    if (!token) return;
    const abort = new AbortController();
    let lastEventId: string | undefined;
    let retryMs = 1000;

    // A `notification` event brings a new entry and the count; an `unread` event the count alone (a
    // like taken back, everything read on another device). Either way the list is read again.
    const onEvent = async (event: NotificationEvent | UnreadEvent) => {
      // A count still on its way may have been read before this event's entry (the bell's first read,
      // asked before the stream opened): answered after it, it would hide the entry. The event's is newer.
      await queryClient.cancelQueries({ queryKey: conversationKeys.unread });
      queryClient.setQueryData(conversationKeys.unread, event.unreadCount);
      queryClient.invalidateQueries({ queryKey: conversationKeys.notifications });
    };

    async function connect() {
      while (!abort.signal.aborted) {
        try {
          const response = await fetch(notificationStreamPath, {
            headers: {
              authorization: token ?? '',
              accept: 'text/event-stream',
              ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
            },
            signal: abort.signal,
          });
          if (response.status === 401 || response.status === 404) return;
          if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
          retryMs = 1000;
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const parsed = parseEvents(buffer + value);
            buffer = parsed.rest;
            for (const event of parsed.events) {
              if (event.id) lastEventId = event.id;
              if (event.event === 'notification' || event.event === 'unread') {
                await onEvent(JSON.parse(event.data) as NotificationEvent | UnreadEvent);
              } else if (event.event === 'new-post') {
                onNewPostRef.current?.((JSON.parse(event.data) as NewPostEvent).newPost._id);
              }
            }
          }
        } catch {
          if (abort.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryMs));
        retryMs = Math.min(retryMs * 2, 30_000);
      }
    }
    if (getSession()) connect();
    return () => abort.abort();
  }, [token, queryClient]);
}

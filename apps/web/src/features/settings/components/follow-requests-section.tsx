import { useQuery } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { followRequestsOptions, useAnswerFollowRequest } from '../api/follow-requests';

/**
 * Follow requests (issue 49): with "Approve each follower from another server" on, a follow from
 * Mastodon or another Spotter waits here until approved or rejected.
 */
export function FollowRequestsSection() {
  const { data, status, error } = useQuery(followRequestsOptions());
  const answer = useAnswerFollowRequest();
  if (status === 'pending') return <p className="settings__muted">Loading…</p>;
  if (status === 'error') return <p role="alert">{errorText(error)}</p>;
  if (data.length === 0) return <p className="settings__muted">Nobody is waiting for your approval.</p>;
  const decide = (userId: string, username: string, approve: boolean) =>
    answer.mutate(
      { userId, approve },
      {
        onSuccess: () => toast.success(approve ? `@${username} follows you now.` : `You declined @${username}.`),
        onError: (e) => toast.error(errorText(e)),
      },
    );
  return (
    <ul className="settings__list" aria-label="Follow requests">
      {data.map(({ user }) => {
        const name = `${user.firstname} ${user.lastname}`.trim();
        return (
          <li key={user._id} className="settings__item">
            <span>
              {name ? `${name} ` : null}
              <span className="settings__muted">@{user.username}</span>
            </span>
            <span className="settings__actions">
              <Button
                size="sm"
                onClick={() => decide(user._id, user.username, true)}
                aria-label={`Approve @${user.username}`}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => decide(user._id, user.username, false)}
                aria-label={`Reject @${user.username}`}
              >
                Reject
              </Button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

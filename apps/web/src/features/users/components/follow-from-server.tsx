import type { Profile } from '@spotter/contract';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { useCapabilities } from '../../../lib/capabilities';

/** A local person's handle as people on other servers type it: `@name@host` (this page's host). */
export const fediverseHandle = (username: string, host = window.location.host) => `@${username}@${host}`;

/**
 * Issue 49: on a profile of someone here, when this server federates, the handle that people on
 * Mastodon or another Spotter search for to follow them, with a button that copies it. Someone on
 * another server is followed here with the profile's own Follow button.
 */
export function FollowFromServer({ profile }: { profile: Profile }) {
  const { federation } = useCapabilities();
  if (!federation || profile.remote) return null;
  const handle = fediverseHandle(profile.username);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(handle);
      toast.success('Copied');
    } catch {
      // No clipboard (an http:// page, a denied permission): the handle is on screen to copy by hand.
    }
  };
  return (
    <p className="profile-header__fediverse">
      <span>Follow from your server:</span> <code>{handle}</code>{' '}
      <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={`Copy ${handle}`}>
        Copy
      </Button>
    </p>
  );
}

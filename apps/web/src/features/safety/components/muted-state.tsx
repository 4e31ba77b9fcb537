import type { UserSummary } from '@spotter/contract';
import { Button } from '../../../components/ui/button';
import { useRelation } from '../api/relations';

/**
 * On the profile of someone the signed-in person mutes (issue 47, item 2): says so, with the way
 * back. (A blocked person's profile is not shown at all: Settings → Blocked and muted undoes a block.)
 */
export function MutedState({ user }: { user: Pick<UserSummary, '_id' | 'username'> }) {
  const relation = useRelation();
  return (
    <p className="muted-state">
      <span>Muted</span>
      <Button
        variant="secondary"
        busy={relation.isPending}
        aria-label={`Unmute @${user.username}`}
        onClick={() => relation.mutate({ user, kind: 'mute', on: false })}
      >
        Unmute
      </Button>
    </p>
  );
}

import type { UserSummary } from '@spotter/contract';
import { type ReactNode, useState } from 'react';
import type { MenuItem } from '../../../components/ui/action-menu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSession } from '../../../lib/session';
import { useRelation, useRelationTo } from '../api/relations';

interface SafetyMenuOptions {
  /** The signed-in person mutes them already (a profile says so): the item offers Unmute. */
  muted?: boolean;
  /** After a block (a profile or post page of theirs is then gone: leave it). */
  onBlocked?: () => void;
}

/**
 * The Mute and Block items of a "⋯" menu about someone else (on their posts, comments and profile),
 * and the dialog that confirms a block. Nothing for one's own things or when signed out.
 */
export function useSafetyMenu(
  user: Pick<UserSummary, '_id' | 'username'>,
  { muted = false, onBlocked }: SafetyMenuOptions = {},
): { items: MenuItem[]; dialog: ReactNode } {
  const session = useSession();
  const relation = useRelation();
  const [confirming, setConfirming] = useState(false);
  const other = session !== null && session.user._id !== user._id;
  // A profile says whether they are muted; a post or comment does not: the person's lists do.
  const known = useRelationTo(user._id, other);
  if (!other) return { items: [], dialog: null };
  const isMuted = muted || known.mute;
  const items: MenuItem[] = [
    {
      id: 'mute',
      label: isMuted ? `Unmute @${user.username}` : `Mute @${user.username}`,
      onSelect: () => relation.mutate({ user, kind: 'mute', on: !isMuted }),
    },
    known.block
      ? {
          id: 'block',
          label: `Unblock @${user.username}`,
          onSelect: () => relation.mutate({ user, kind: 'block', on: false }),
        }
      : { id: 'block', label: `Block @${user.username}`, danger: true, onSelect: () => setConfirming(true) },
  ];
  const dialog = confirming ? (
    <ConfirmDialog
      title={`Block @${user.username}?`}
      confirmLabel="Block"
      confirmVariant="danger"
      busy={relation.isPending}
      onConfirm={() =>
        relation.mutate(
          { user, kind: 'block', on: true },
          {
            onSuccess: () => {
              setConfirming(false);
              onBlocked?.();
            },
          },
        )
      }
      onCancel={() => setConfirming(false)}
    >
      You will stop following each other. Neither of you will see the other's posts, comments or profile, and neither
      can follow, like, comment on or mention the other. You can undo this in Settings → Blocked and muted.
    </ConfirmDialog>
  ) : null;
  return { items, dialog };
}

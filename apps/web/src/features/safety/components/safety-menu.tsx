import type { UserSummary } from '@spotter/contract';
import { type ReactNode, useState } from 'react';
import type { MenuItem } from '../../../components/ui/action-menu';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSession } from '../../../lib/session';
import { useRelation } from '../api/relations';

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
  if (!session || session.user._id === user._id) return { items: [], dialog: null };
  const items: MenuItem[] = [
    {
      id: 'mute',
      label: muted ? `Unmute @${user.username}` : `Mute @${user.username}`,
      onSelect: () => relation.mutate({ user, kind: 'mute', on: !muted }),
    },
    { id: 'block', label: `Block @${user.username}`, danger: true, onSelect: () => setConfirming(true) },
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

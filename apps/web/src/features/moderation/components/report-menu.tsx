import { type ReactNode, useState } from 'react';
import type { MenuItem } from '../../../components/ui/action-menu';
import { useSession } from '../../../lib/session';
import { ReportDialog, type ReportTarget } from './report-dialog';

/**
 * The Report item of a "⋯" menu about someone else's post, comment or account (beside Mute and
 * Block), and the dialog it opens. Nothing for one's own things or when signed out.
 */
export function useReportMenu(target: ReportTarget, ownerId: string): { items: MenuItem[]; dialog: ReactNode } {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!session || session.user._id === ownerId) return { items: [], dialog: null };
  return {
    items: [{ id: 'report', label: 'Report', onSelect: () => setOpen(true) }],
    dialog: open ? <ReportDialog target={target} open onClose={() => setOpen(false)} /> : null,
  };
}

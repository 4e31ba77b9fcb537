import { useState } from 'react';
import { ReportDialog, type ReportTarget } from './report-dialog';

interface ReportMenuItemProps {
  target: ReportTarget;
  /** The menu closes itself when an item is chosen (the dialog stays open on its own). */
  onSelect?: () => void;
  className?: string;
}

/**
 * "Report" as an item of a "⋯" menu (role=menuitem): choosing it opens the Report dialog. The menu
 * of posts, comments and profiles lists it beside Mute and Block.
 */
export function ReportMenuItem({ target, onSelect, className }: ReportMenuItemProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        role="menuitem"
        className={className}
        onClick={() => {
          setOpen(true);
          onSelect?.();
        }}
      >
        Report
      </button>
      <ReportDialog target={target} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

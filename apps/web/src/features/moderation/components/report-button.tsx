import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { targetLabels } from '../lib/report-labels';
import { ReportDialog, type ReportTarget } from './report-dialog';

/** A plain "Report" button, where no "⋯" menu is (the single post page, a profile). */
export function ReportButton({ target }: { target: ReportTarget }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={`Report this ${targetLabels[target.type]}`}
      >
        Report
      </Button>
      <ReportDialog target={target} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

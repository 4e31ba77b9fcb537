import { moderationNoteMaxLength, type ReportReason, type ReportTargetType, reportReasons } from '@spotter/contract';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { FieldNote } from '../../../components/ui/field-note';
import { Modal } from '../../../components/ui/modal';
import { errorText } from '../../../lib/error-text';
import { useCreateReport } from '../api/create-report';
import { reasonLabels, targetLabels } from '../lib/report-labels';
import './moderation.css';

export interface ReportTarget {
  type: ReportTargetType;
  /** The post's, comment's or account's `_id`. */
  id: string;
}

interface ReportDialogProps {
  target: ReportTarget;
  open: boolean;
  onClose: () => void;
}

/** Issue 16: "Report" opens this: a reason (required) and an optional note for the moderators. */
export function ReportDialog({ target, open, onClose }: ReportDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={`Report this ${targetLabels[target.type]}`}>
      {/* Mounted only while open: each report starts empty. */}
      <ReportForm target={target} onDone={onClose} />
    </Modal>
  );
}

export const reportThanks = 'Thank you: the moderators will look at it, and you will be told what they decide.';

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const ids = { note: useId(), reason: useId() };
  const report = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    const key = target.type === 'post' ? 'postId' : target.type === 'comment' ? 'commentId' : 'userId';
    report.mutate(
      { [key]: target.id, reason, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          toast.success(reportThanks);
          onDone();
        },
        onError: (error) => toast.error(errorText(error)),
      },
    );
  }

  return (
    <form className="report-form" onSubmit={onSubmit} noValidate>
      <fieldset
        className="report-form__reasons"
        aria-describedby={missing ? `${ids.reason}-note` : undefined}
        aria-invalid={missing || undefined}
      >
        <legend>Why are you reporting it?</legend>
        {reportReasons.map((value) => (
          <label key={value} className="report-form__reason">
            <input
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setMissing(false);
              }}
            />
            {reasonLabels[value]}
          </label>
        ))}
        <FieldNote id={`${ids.reason}-note`} error={missing ? 'Pick a reason.' : undefined} />
      </fieldset>
      <div className="field">
        <label htmlFor={ids.note}>Anything the moderators should know (optional)</label>
        <textarea
          id={ids.note}
          rows={3}
          maxLength={moderationNoteMaxLength}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <Button type="submit" busy={report.isPending}>
        Send report
      </Button>
    </form>
  );
}

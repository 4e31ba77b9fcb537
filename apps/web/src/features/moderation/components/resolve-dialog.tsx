import {
  moderationNoteMaxLength,
  type ReportAction,
  type ReportCase,
  type ReportReason,
  reportReasons,
  suspensionDayChoices,
} from '@spotter/contract';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldNote } from '../../../components/ui/field-note';
import { Modal } from '../../../components/ui/modal';
import { reasonLabels, targetLabels } from '../lib/report-labels';

export interface ResolveChoice {
  action: ReportAction;
  reason: ReportReason;
  note: string;
  /** A suspension's length; absent: until a moderator lifts it. */
  suspendDays?: number;
}

/** The lengths a moderator picks from (decision 099): the contract's choices, then "indefinitely". */
const lengthChoices = [
  ...suspensionDayChoices.map((days) => ({ value: String(days), label: days === 1 ? '1 day' : `${days} days` })),
  { value: 'indefinite', label: 'Indefinitely (until lifted)' },
];

interface ResolveDialogProps {
  report: ReportCase;
  action: ReportAction;
  busy: boolean;
  onConfirm: (choice: ResolveChoice) => void;
  onCancel: () => void;
}

/** What each action asks, and what its button says. */
function wording(report: ReportCase, action: ReportAction) {
  const kind = targetLabels[report.target.type];
  const author = `@${report.target.author.username}`;
  if (action === 'remove_content') {
    return {
      title: `Remove this ${kind}?`,
      text: `It is hidden from everyone. ${author} is told it was removed, with the reason and your note.`,
      confirm: `Remove ${kind}`,
    };
  }
  if (action === 'suspend_user') {
    return {
      title: `Suspend ${author}?`,
      text: `${author} is signed out everywhere and cannot log in until the suspension ends. When they try, they see the reason, your note and until when, and may appeal once.`,
      confirm: 'Suspend',
    };
  }
  return {
    title: 'Dismiss this report?',
    text: `The ${kind} stays. The reporters are told no rule was broken.`,
    confirm: 'Dismiss',
  };
}

/**
 * Issue 47, item 5: resolving a case asks first and takes a reason, one of the report reasons (the
 * case's first reason chosen to start with) or "Something else" with the moderator's own words.
 */
export function ResolveDialog({ report, action, busy, onConfirm, onCancel }: ResolveDialogProps) {
  const ids = { note: useId(), reason: useId() };
  const [reason, setReason] = useState<ReportReason>(report.reasons[0] ?? 'other');
  const [note, setNote] = useState('');
  const [length, setLength] = useState(String(suspensionDayChoices[1]));
  const [noteMissing, setNoteMissing] = useState(false);
  const { title, text, confirm } = wording(report, action);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (reason === 'other' && note.trim() === '') {
      setNoteMissing(true);
      return;
    }
    const days = action === 'suspend_user' && length !== 'indefinite' ? Number(length) : undefined;
    onConfirm({ action, reason, note: note.trim(), ...(days ? { suspendDays: days } : {}) });
  }

  return (
    <Modal open onClose={onCancel} title={title}>
      <form className="report-form" onSubmit={onSubmit} noValidate>
        <p>{text}</p>
        <fieldset className="report-form__reasons">
          <legend>Reason</legend>
          {reportReasons.map((value) => (
            <label key={value} className="report-form__reason">
              <input
                type="radio"
                name="resolve-reason"
                value={value}
                checked={reason === value}
                data-autofocus={reason === value || undefined}
                onChange={() => {
                  setReason(value);
                  setNoteMissing(false);
                }}
              />
              {reasonLabels[value]}
            </label>
          ))}
        </fieldset>
        {action === 'suspend_user' && (
          <fieldset className="report-form__reasons">
            <legend>How long</legend>
            {lengthChoices.map((choice) => (
              <label key={choice.value} className="report-form__reason">
                <input
                  type="radio"
                  name="suspend-length"
                  value={choice.value}
                  checked={length === choice.value}
                  onChange={() => setLength(choice.value)}
                />
                {choice.label}
              </label>
            ))}
          </fieldset>
        )}
        <div className="field">
          <label htmlFor={ids.note}>
            {reason === 'other' ? 'Say why' : 'Note (optional)'}
            {action === 'dismiss' ? '' : ', shown to the author'}
          </label>
          <textarea
            id={ids.note}
            rows={3}
            maxLength={moderationNoteMaxLength}
            value={note}
            aria-invalid={noteMissing || undefined}
            aria-describedby={noteMissing ? `${ids.note}-note` : undefined}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteMissing(false);
            }}
          />
          <FieldNote id={`${ids.note}-note`} error={noteMissing ? 'Say why in a few words.' : undefined} />
        </div>
        <div className="moderation__dialog-actions">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant={action === 'dismiss' ? 'primary' : 'danger'} busy={busy}>
            {confirm}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

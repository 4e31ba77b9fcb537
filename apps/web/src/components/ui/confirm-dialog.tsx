import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import './confirm-dialog.css';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  /** What the action does, said before it is done. */
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * An action asked first: Cancel has the focus, so Enter alone does not do it; Escape closes.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  busy,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open onClose={onCancel} title={title}>
      <p className="confirm-dialog__text">{children}</p>
      <div className="confirm-dialog__actions">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant={confirmVariant} busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

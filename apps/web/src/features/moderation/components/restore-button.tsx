import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useRestoreContent } from '../api/admin';
import { targetLabels } from '../lib/report-labels';

export interface RestoreTarget {
  type: 'post' | 'comment';
  id: string;
  /** The author's username, to name them in the question. */
  author: string;
}

/**
 * "Restore" on a resolved case whose post or comment was removed (decision 048), asked first in a
 * dialog: the content comes back for everyone who may see it. Cancel has the focus, so Enter alone
 * does not restore; Escape closes.
 */
export function RestoreButton({ target }: { target: RestoreTarget }) {
  const [asking, setAsking] = useState(false);
  const kind = targetLabels[target.type];
  const restore = useRestoreContent({
    onSuccess: () => {
      setAsking(false);
      toast.success(`The ${kind} is restored.`);
    },
    onError: (e) => {
      setAsking(false);
      toast.error(errorText(e));
    },
  });
  const confirm = () => restore.mutate({ type: target.type, id: target.id });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>
        Restore
      </Button>
      {asking ? (
        <ConfirmDialog
          title={`Restore this ${kind}?`}
          confirmLabel="Restore"
          busy={restore.isPending}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          The {kind} by @{target.author} is shown again to everyone who may see it, and counts again. The audit log
          records that you restored it.
        </ConfirmDialog>
      ) : null}
    </>
  );
}

import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface ConfirmDeleteProps {
  /** The post has a photo or video, which goes with it. */
  media: 'image' | 'video' | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Deleting cannot be undone (the post's photo or video goes too), so it is asked first. */
export function ConfirmDelete({ media, busy, onConfirm, onCancel }: ConfirmDeleteProps) {
  const what = media === 'video' ? 'the post and its video' : media === 'image' ? 'the post and its photo' : 'the post';
  return (
    <ConfirmDialog
      title="Delete this post?"
      confirmLabel="Delete"
      confirmVariant="danger"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      This removes {what} for good. It cannot be undone.
    </ConfirmDialog>
  );
}

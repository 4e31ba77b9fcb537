import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

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
    <Modal open onClose={onCancel} title="Delete this post?">
      <p className="confirm-delete__text">This removes {what} for good. It cannot be undone.</p>
      <div className="confirm-delete__actions">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          Delete
        </Button>
      </div>
    </Modal>
  );
}

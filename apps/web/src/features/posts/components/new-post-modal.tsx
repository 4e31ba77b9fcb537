import type { CardPost } from '@spotter/contract';
import { Modal } from '../../../components/ui/modal';
import { PostComposer } from './post-composer';

export interface NewPostModalProps {
  open: boolean;
  onClose: () => void;
  /** Edit this post (Update) instead of writing a new one (Post). */
  post?: CardPost;
}

/** SPEC §2's New Post / Edit Post modal; it closes after a successful Post or Update. */
export function NewPostModal({ open, onClose, post }: NewPostModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={post ? 'Edit Post' : 'New Post'}>
      <PostComposer post={post} onDone={onClose} />
    </Modal>
  );
}

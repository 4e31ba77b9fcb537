import type { CardPost, PostVisibility } from '@spotter/contract';
import { useRef } from 'react';
import { Modal } from '../../../components/ui/modal';
import { PostComposer, type WorkoutPicker } from './post-composer';

export interface NewPostModalProps {
  open: boolean;
  onClose: () => void;
  /** Edit this post (Update) instead of writing a new one (Post). */
  post?: CardPost;
  /** A new post's default visibility (the person's setting), which its Default choice names. */
  defaultVisibility?: PostVisibility;
  /** A new post's "Attach a workout" (the app gives the training feature's). */
  WorkoutPicker?: WorkoutPicker;
}

/** Asked before Escape, the X or a click outside throws away what was written. */
export const discardQuestion = 'Discard this post? What you wrote will be lost.';

/** SPEC §2's New Post / Edit Post modal; it closes after a successful Post or Update. */
export function NewPostModal({ open, onClose, post, defaultVisibility, WorkoutPicker }: NewPostModalProps) {
  const dirtyRef = useRef(false);
  const close = () => {
    if (dirtyRef.current && !window.confirm(discardQuestion)) return;
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={post ? 'Edit Post' : 'New Post'}>
      <PostComposer
        post={post}
        defaultVisibility={defaultVisibility}
        WorkoutPicker={WorkoutPicker}
        onDone={onClose}
        onDirtyChange={(dirty) => {
          dirtyRef.current = dirty;
        }}
      />
    </Modal>
  );
}

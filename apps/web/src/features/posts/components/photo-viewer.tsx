import { useRef } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../../components/ui/icons';
import { useOverlay } from '../../../components/ui/use-overlay';
import './photo-viewer.css';

/**
 * A photo at full size over a dark backdrop (a lightbox): focus on Close, Escape or a click beside
 * the photo closes it, Tab stays on Close, and focus returns to the photo that opened it.
 */
export function PhotoViewer({ src, alt, onClose }: { src: string; alt: string; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  // Close is the only control: Tab stays on it.
  useOverlay(true, onClose, {
    initialFocus: () => closeRef.current,
    onTab: (event) => {
      event.preventDefault();
      closeRef.current?.focus();
    },
  });

  return createPortal(
    <div
      className="photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label="Photo, full size"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <img className="photo-viewer__image" src={src} alt={alt} />
      <button ref={closeRef} type="button" className="photo-viewer__close" aria-label="Close" onClick={onClose}>
        <CloseIcon />
      </button>
    </div>,
    document.body,
  );
}

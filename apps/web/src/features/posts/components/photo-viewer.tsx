import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../../components/ui/icons';
import { useOverlay } from '../../../components/ui/use-overlay';
import './photo-viewer.css';

export interface ViewedPhoto {
  src: string;
  alt: string;
}

/** A swipe shorter than this (in CSS pixels) is a tap, not a turn of the page. */
const swipeMin = 40;

/**
 * Photos at full size over a dark backdrop (a lightbox), starting at `start`: focus on Close, Escape
 * or a click beside the photo closes it, Tab stays inside, and focus returns to the photo that opened
 * it. With several photos (issue 47, item 11), Previous and Next, the arrow keys and a sideways swipe
 * go from one to the next, and "Photo 2 of 4" says where one is.
 */
export function PhotoViewer({
  photos,
  start = 0,
  onClose,
}: {
  photos: ViewedPhoto[];
  start?: number;
  onClose: () => void;
}) {
  const [at, setAt] = useState(Math.max(0, Math.min(photos.length - 1, start)));
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const several = photos.length > 1;
  const photo = photos[at];
  useOverlay(true, onClose, {
    initialFocus: () => closeRef.current,
    // Tab goes round the viewer's buttons (Close alone with one photo).
    onTab: (event) => {
      event.preventDefault();
      const buttons = [...(dialogRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
      const from = buttons.indexOf(document.activeElement as HTMLButtonElement);
      const to = (from + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
      buttons[to]?.focus();
    },
  });
  const go = (to: number) => setAt(Math.max(0, Math.min(photos.length - 1, to)));

  // The arrow keys turn wherever focus is; Previous or Next, disabled at an end, hands focus to Close.
  useEffect(() => {
    if (!several) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      setAt((now) => Math.max(0, Math.min(photos.length - 1, now + (event.key === 'ArrowLeft' ? -1 : 1))));
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [several, photos.length]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each turn, to see where focus went
  useEffect(() => {
    const focused = document.activeElement;
    if (focused instanceof HTMLButtonElement && focused.disabled) closeRef.current?.focus();
  }, [at]);
  if (!photo) return null;

  function onPointerUp(event: PointerEvent) {
    const from = swipe.current;
    swipe.current = null;
    if (!from || !several) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) < swipeMin || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
    go(dx < 0 ? at + 1 : at - 1);
  }

  return createPortal(
    <div
      ref={dialogRef}
      className="photo-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={several ? 'Photos, full size' : 'Photo, full size'}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <img
        className="photo-viewer__image"
        src={photo.src}
        alt={photo.alt}
        draggable={false}
        onPointerDown={(event) => {
          swipe.current = { x: event.clientX, y: event.clientY };
          // The release counts wherever it happens (a swipe often ends beside the photo).
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      />
      {several && (
        <>
          <p className="photo-viewer__count" aria-live="polite">
            Photo {at + 1} of {photos.length}
          </p>
          <button
            type="button"
            className="photo-viewer__turn photo-viewer__turn--previous"
            aria-label="Previous photo"
            disabled={at === 0}
            onClick={() => go(at - 1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="photo-viewer__turn photo-viewer__turn--next"
            aria-label="Next photo"
            disabled={at === photos.length - 1}
            onClick={() => go(at + 1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      )}
      <button ref={closeRef} type="button" className="photo-viewer__close" aria-label="Close" onClick={onClose}>
        <CloseIcon />
      </button>
    </div>,
    document.body,
  );
}

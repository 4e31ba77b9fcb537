import { useLayoutEffect, useRef } from 'react';

interface OverlayBehaviour {
  /** Where focus goes when the overlay opens. */
  initialFocus: () => HTMLElement | null | undefined;
  /** Keeps Tab inside the overlay: called for every Tab keydown while it is open. */
  onTab: (event: KeyboardEvent) => void;
}

/**
 * What every overlay (a dialog, the full-size photo) does while it is open: focus moves into it,
 * Escape closes it, Tab stays inside, the page behind does not scroll, and focus returns to what
 * opened it. The callbacks are read when the overlay opens and on each key, so they may change freely.
 */
export function useOverlay(open: boolean, onClose: () => void, behaviour: OverlayBehaviour) {
  const latest = useRef({ onClose, behaviour });
  latest.current = { onClose, behaviour };

  // A layout effect: focus and the Escape listener are in place when the overlay is on the page, not
  // a task later. With a passive effect a key pressed in between (a fast keyboard, a busy test
  // machine) reached a dialog that could not yet close.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    latest.current.behaviour.initialFocus()?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        latest.current.onClose();
      } else if (event.key === 'Tab') {
        latest.current.behaviour.onTab(event);
      }
    }
    document.addEventListener('keydown', onKeyDown, true);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [open]);
}

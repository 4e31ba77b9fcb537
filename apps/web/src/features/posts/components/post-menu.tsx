import { useEffect, useId, useRef, useState } from 'react';
import { DotsIcon } from '../../../components/ui/icons';

interface PostMenuProps {
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * The three-dots menu of one's own post (SPEC §2): closes on an outside click and on Escape; arrow
 * keys, Home and End move between its items.
 */
export function PostMenu({ onEdit, onDelete }: PostMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
        return;
      }
      // The menu pattern: arrows move between the items (wrapping), Home and End go to the ends.
      const items = [...(rootRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const next = {
        ArrowDown: (at + 1) % items.length,
        ArrowUp: (at - 1 + items.length) % items.length,
        Home: 0,
        End: items.length - 1,
      }[event.key];
      if (next === undefined || items.length === 0) return;
      event.preventDefault();
      items[next]?.focus();
    };
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };

  return (
    <div className="post-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="post-icon-button"
        aria-label="Post options"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <DotsIcon size={20} />
      </button>
      {open && (
        <div className="post-menu__list" role="menu" id={menuId}>
          <button type="button" role="menuitem" onClick={choose(onEdit)}>
            Edit
          </button>
          <button type="button" role="menuitem" className="post-menu__danger" onClick={choose(onDelete)}>
            Delete
          </button>
        </div>
      )}
    </div>
  );
}

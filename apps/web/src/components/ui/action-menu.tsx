import type { ReportTargetType, UserSummary } from '@spotter/contract';
import { type ComponentType, useEffect, useId, useRef, useState } from 'react';
import { DotsIcon } from './icons';
import './button.css';
import './action-menu.css';

/** One entry of a "⋯" menu. */
export interface MenuItem {
  /** Stable key and default text. */
  id: string;
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** What a "⋯" menu about someone else's post, comment or profile is about. */
export interface OthersMenuProps {
  /** The menu button's accessible name ("Options for @maya's post"). */
  label: string;
  /** The post, comment or account the menu is about (what Report reports). */
  subject: { type: ReportTargetType; id: string };
  /** Whose it is (whom Mute and Block are about): the menu shows nothing when it is the signed-in person. */
  author: Pick<UserSummary, '_id' | 'username'>;
  /** They are muted already (a profile knows): Unmute instead of Mute. */
  muted?: boolean;
  /** After a block: the page of theirs being shown is gone. */
  onBlocked?: () => void;
}

/**
 * That menu (Mute, Block, Report) as a slot: the features that show someone else's things (posts,
 * conversation, users) leave it to the app, which fills it from the safety and moderation features
 * (app/slots/others-menu.tsx), so that none of them imports another.
 */
export type OthersMenu = ComponentType<OthersMenuProps>;

interface ActionMenuProps {
  /** The button's accessible name ("Post options", "Options for @maya"). */
  label: string;
  /** The entries, in order: features put theirs together (Edit, Delete; Mute, Block; Report...). */
  items: MenuItem[];
}

/**
 * A "⋯" menu (SPEC §2's post menu, issue 16's menus on posts, comments and profiles): closes on an
 * outside click and on Escape; arrow keys, Home and End move between its items. Nothing shows
 * without items.
 */
export function ActionMenu({ label, items }: ActionMenuProps) {
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

  if (items.length === 0) return null;
  return (
    <div className="action-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button icon-button--quiet"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <DotsIcon size={20} />
      </button>
      {open && (
        <div className="action-menu__list" role="menu" id={menuId}>
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="menuitem"
              className={item.danger ? 'action-menu__danger' : undefined}
              onClick={choose(item.onSelect)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

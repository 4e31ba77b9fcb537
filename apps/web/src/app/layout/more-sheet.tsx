import { NavLink } from 'react-router';
import { LogoutIcon, SettingsIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { paths } from '../../config/paths';
import { AdminLink, isModerator, useMyRole } from '../../features/moderation';
import type { Session } from '../../lib/session';
import { navItems } from './nav-items';

interface MoreSheetProps {
  open: boolean;
  onClose: () => void;
  session: Session;
  onLogout: () => void;
}

/**
 * The phone's "More" (issue 47): the places that are not among the tab bar's five (Liked posts,
 * Bookmarks, Moderation for moderators, Settings), and Logout apart at the end, so that no slip of a
 * thumb on Settings logs anyone out.
 */
export function MoreSheet({ open, onClose, session, onLogout }: MoreSheetProps) {
  const role = useMyRole();
  return (
    <Modal open={open} onClose={onClose} title="More">
      <nav aria-label="More">
        <ul className="more-sheet__list">
          {navItems
            .filter((item) => item.phone === 'more')
            .map(({ label, to, Icon }) => (
              <li key={label}>
                <NavLink to={to(session.user.username)} className="side-nav__link" onClick={onClose} end>
                  <Icon />
                  <span>{label}</span>
                </NavLink>
              </li>
            ))}
          {isModerator(role) ? (
            <li>
              <AdminLink className="side-nav__link" />
            </li>
          ) : null}
          <li>
            <NavLink to={paths.settings} className="side-nav__link" onClick={onClose} end>
              <SettingsIcon />
              <span>Settings</span>
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="more-sheet__end">
        <button
          type="button"
          className="side-nav__link"
          onClick={() => {
            onClose();
            onLogout();
          }}
        >
          <LogoutIcon />
          <span>Logout</span>
        </button>
      </div>
    </Modal>
  );
}

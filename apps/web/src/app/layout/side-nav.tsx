import { NavLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { BarbellIcon, LogoutIcon, PlusIcon, SettingsIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import { NotificationsLink } from '../../features/conversation';
import { AdminLink, isModerator, useMyRole } from '../../features/moderation';
import type { Session } from '../../lib/session';
import { navItems } from './nav-items';

interface SideNavProps {
  session: Session;
  onNewPost: () => void;
  onLogout: () => void;
}

/** SPEC §2: Home, Explore, Liked posts, Bookmarks, Profile, Logout, 'New Post', and who is signed in. */
export function SideNav({ session, onNewPost, onLogout }: SideNavProps) {
  const { user } = session;
  const role = useMyRole();
  return (
    <div className="side-nav">
      <NavLink to={paths.home} className="brand" aria-label="Spotter home">
        <BarbellIcon size={30} />
        <span>Spotter</span>
      </NavLink>
      <nav aria-label="Main">
        <ul className="side-nav__list">
          {navItems.map(({ label, to, Icon }) => (
            <li key={label}>
              <NavLink to={to(user.username)} className="side-nav__link" end>
                <Icon />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
          <li>
            <NotificationsLink variant="side" />
          </li>
          {isModerator(role) ? (
            <li>
              <AdminLink className="side-nav__link" />
            </li>
          ) : null}
          <li>
            <NavLink to={paths.settings} className="side-nav__link" end>
              <SettingsIcon />
              <span>Settings</span>
            </NavLink>
          </li>
          <li>
            <button type="button" className="side-nav__link" onClick={onLogout}>
              <LogoutIcon />
              <span>Logout</span>
            </button>
          </li>
        </ul>
      </nav>
      <Button className="side-nav__new-post" onClick={onNewPost}>
        <PlusIcon size={18} />
        New Post
      </Button>
      <NavLink to={paths.profile(user.username)} className="side-nav__me">
        <Avatar src={user.avatarUrl} alt="" size={40} />
        <span className="side-nav__me-text">
          <span className="side-nav__me-name" title={`${user.firstname} ${user.lastname}`}>
            {user.firstname} {user.lastname}
          </span>
          <span className="side-nav__me-handle" title={`@${user.username}`}>
            @{user.username}
          </span>
        </span>
      </NavLink>
    </div>
  );
}

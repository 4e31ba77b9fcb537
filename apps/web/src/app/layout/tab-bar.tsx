import { NavLink } from 'react-router';
import { MenuIcon } from '../../components/ui/icons';
import { NotificationsLink } from '../../features/conversation';
import type { Session } from '../../lib/session';
import { navItems } from './nav-items';

/**
 * Phones (< 720 px): the side columns give way to a tab bar at the bottom of the screen, with five
 * places (Home, Explore, Log, Notifications, Profile) and "More" for the rest (issue 47), so that
 * each tab is wide enough for its whole label.
 */
export function TabBar({ session, onMore, moreOpen }: { session: Session; onMore: () => void; moreOpen: boolean }) {
  const [home, explore, log, profile] = navItems.filter((item) => item.phone === 'tab');
  const link = (item: (typeof navItems)[number] | undefined) =>
    item ? (
      <li key={item.label}>
        <NavLink to={item.to(session.user.username)} className="tab-bar__link" aria-label={item.label} end>
          <item.Icon size={22} />
          <span aria-hidden="true">{item.short}</span>
        </NavLink>
      </li>
    ) : null;
  return (
    <nav className="tab-bar" aria-label="Tabs">
      <ul>
        {link(home)}
        {link(explore)}
        {link(log)}
        <li>
          <NotificationsLink variant="tab" />
        </li>
        {link(profile)}
        <li>
          <button
            type="button"
            className="tab-bar__link tab-bar__more"
            onClick={onMore}
            aria-haspopup="dialog"
            aria-expanded={moreOpen}
          >
            <MenuIcon size={22} />
            <span>More</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}

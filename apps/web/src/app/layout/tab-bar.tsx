import { NavLink } from 'react-router';
import { PlusIcon } from '../../components/ui/icons';
import { NotificationsLink } from '../../features/conversation';
import type { Session } from '../../lib/session';
import { navItems } from './nav-items';

/** Phones (< 720 px): the side columns give way to a tab bar at the bottom of the screen. */
export function TabBar({ session, onNewPost }: { session: Session; onNewPost: () => void }) {
  const [home, explore, ...rest] = navItems;
  const link = (item: (typeof navItems)[number]) => (
    <li key={item.label}>
      <NavLink to={item.to(session.user.username)} className="tab-bar__link" aria-label={item.label} end>
        <item.Icon size={22} />
        <span aria-hidden="true">{item.short}</span>
      </NavLink>
    </li>
  );
  return (
    <nav className="tab-bar" aria-label="Tabs">
      <ul>
        {home ? link(home) : null}
        {explore ? link(explore) : null}
        <li>
          <button type="button" className="tab-bar__new" onClick={onNewPost} aria-label="New Post">
            <PlusIcon size={24} />
          </button>
        </li>
        {rest.map(link)}
        <li>
          <NotificationsLink variant="tab" />
        </li>
      </ul>
    </nav>
  );
}

import { NavLink } from 'react-router';
import { BellIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useUnreadCount } from '../api/notifications';

/**
 * The bell: a link to /notifications with the unread count, kept live by the notification stream.
 * `variant` picks the side navigation's or the phone tab bar's look.
 */
export function NotificationsLink({ variant }: { variant: 'side' | 'tab' }) {
  const { data: unread = 0 } = useUnreadCount();
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  const badge =
    unread > 0 ? (
      <span className="bell__count" data-testid="unread-count" aria-hidden="true">
        {unread > 99 ? '99+' : unread}
      </span>
    ) : null;
  if (variant === 'tab') {
    return (
      <NavLink to={paths.notifications} className="tab-bar__link bell" aria-label={label} end>
        <BellIcon size={22} />
        {badge}
        <span aria-hidden="true">Alerts</span>
      </NavLink>
    );
  }
  return (
    <NavLink to={paths.notifications} className="side-nav__link bell" aria-label={label} end>
      <BellIcon />
      <span>Notifications</span>
      {badge}
    </NavLink>
  );
}

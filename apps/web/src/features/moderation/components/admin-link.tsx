import { Link, NavLink } from 'react-router';
import { ShieldIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { isModerator, useMyRole } from '../api/my-role';

/** "Moderation" in the navigation, for moderators and admins only (members never see it). */
export function AdminLink({ className }: { className: string }) {
  const role = useMyRole();
  if (!isModerator(role)) return null;
  return (
    <NavLink to={paths.admin} className={className}>
      <ShieldIcon />
      <span>Moderation</span>
    </NavLink>
  );
}

/** Phones have no side navigation: a moderator reaches /admin from their own profile too (this button). */
export function AdminButton() {
  const role = useMyRole();
  if (!isModerator(role)) return null;
  return (
    <Link className="button button--ghost button--sm" to={paths.admin}>
      Moderation
    </Link>
  );
}

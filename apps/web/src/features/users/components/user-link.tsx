import type { UserSummary } from '@spotter/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { paths } from '../../../config/paths';
import './user-link.css';

interface UserLinkProps {
  user: Pick<UserSummary, 'username' | 'firstname' | 'lastname' | 'avatarUrl'>;
  avatarSize?: number;
}

/** Avatar, full name and @username, all one link to the profile. Shared with the posts feature. */
export function UserLink({ user, avatarSize = 40 }: UserLinkProps) {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Link className="user-link" to={paths.profile(user.username)}>
      <Avatar src={user.avatarUrl} alt="" size={avatarSize} />
      <span className="user-link__text">
        <span className="user-link__name">{name || user.username}</span>
        <span className="user-link__handle">@{user.username}</span>
      </span>
    </Link>
  );
}

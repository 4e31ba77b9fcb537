import type { UserSummary } from '@spotter/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Avatar } from './avatar';
import './user-link.css';

interface UserLinkProps {
  user: Pick<UserSummary, 'username' | 'firstname' | 'lastname' | 'avatarUrl'>;
  avatarSize?: number;
  /** An id for the name, for a container labelled by it (a post card). */
  nameId?: string;
}

/**
 * Avatar, full name and @username, all one link to the profile (people lists, post cards). Neither
 * name breaks inside a word (issue 47): one that finds no room ends in an ellipsis, whole on hover.
 */
export function UserLink({ user, avatarSize = 40, nameId }: UserLinkProps) {
  const name = `${user.firstname} ${user.lastname}`.trim();
  return (
    <Link className="user-link" to={paths.profile(user.username)}>
      <Avatar src={user.avatarUrl} alt="" size={avatarSize} />
      <span className="user-link__text">
        <span className="user-link__name" id={nameId} title={name || user.username}>
          {name || user.username}
        </span>
        <span className="user-link__handle" title={`@${user.username}`}>
          @{user.username}
        </span>
      </span>
    </Link>
  );
}

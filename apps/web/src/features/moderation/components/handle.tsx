import type { UserSummary } from '@spotter/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** @username, inline, linking to the profile. */
export const Handle = ({ user }: { user: Pick<UserSummary, 'username'> }) => (
  <Link to={paths.profile(user.username)}>@{user.username}</Link>
);

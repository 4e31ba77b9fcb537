import { Link, useParams } from 'react-router';
import { MoreButton } from '../../../components/ui/more-button';
import { Spinner } from '../../../components/ui/spinner';
import { UserLink } from '../../../components/ui/user-link';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { errorText } from '../../../lib/error-text';
import { type FollowSide, useFollowList } from '../api/follow-list';
import './follow-list.css';

const titles: Record<FollowSide, (username: string) => string> = {
  followers: (username) => `People following @${username}`,
  following: (username) => `People @${username} follows`,
};

/** Issue 18: the follower and following counts of a profile open these lists, a page at a time. */
export function FollowListRoute() {
  const { username = '', side: rawSide } = useParams();
  if (rawSide !== 'followers' && rawSide !== 'following') {
    return (
      <section className="follow-list" role="alert">
        <h1 className="follow-list__title">Page not found</h1>
        <Link to={paths.profile(username)}>Back to @{username}</Link>
      </section>
    );
  }
  return <FollowList username={username} side={rawSide} />;
}

function FollowList({ username, side }: { username: string; side: FollowSide }) {
  const list = useFollowList(username, side);
  const title = titles[side](username);
  useDocumentTitle(title);
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <section className="follow-list" aria-labelledby="follow-list-title">
      <p className="follow-list__back">
        <Link to={paths.profile(username)}>← Back to @{username}</Link>
      </p>
      <h1 id="follow-list-title" className="follow-list__title">
        {title}
      </h1>
      <nav className="follow-list__tabs" aria-label="Followers and following">
        <Link to={paths.followers(username)} aria-current={side === 'followers' ? 'page' : undefined}>
          Followers
        </Link>
        <Link to={paths.following(username)} aria-current={side === 'following' ? 'page' : undefined}>
          Following
        </Link>
      </nav>
      {list.isPending ? <Spinner label="Loading people" /> : null}
      {list.isError ? (
        <p className="follow-list__empty" role="alert">
          {errorText(list.error)}
        </p>
      ) : null}
      {list.isSuccess && users.length === 0 ? (
        <p className="follow-list__empty">
          {side === 'followers' ? `Nobody follows @${username} yet.` : `@${username} follows nobody yet.`}
        </p>
      ) : null}
      {users.length > 0 ? (
        <ul className="follow-list__people">
          {users.map((user) => (
            <li key={user._id}>
              <UserLink user={user} avatarSize={40} />
            </li>
          ))}
        </ul>
      ) : null}
      <MoreButton pages={list}>Show more</MoreButton>
    </section>
  );
}

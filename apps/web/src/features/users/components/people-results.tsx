import { uiMessages } from '@spotter/contract';
import { MoreButton } from '../../../components/ui/more-button';
import { Spinner } from '../../../components/ui/spinner';
import { UserLink } from '../../../components/ui/user-link';
import { usePeopleSearch } from '../api/search-people';
import './user-search.css';

/** The search page's People tab: each person found links to their profile; more on demand. */
export function PeopleResults({ q }: { q: string }) {
  const search = usePeopleSearch(q);
  if (search.isPending) return <Spinner label="Searching people" />;
  if (search.isError) return <p className="user-search__empty">Search is not available right now.</p>;
  const users = search.data.pages.flatMap((page) => page.users);
  if (users.length === 0) return <p className="user-search__empty">{uiMessages.noUserFound}</p>;
  return (
    <>
      <ul className="user-search__results">
        {users.map((user) => (
          <li key={user._id}>
            <UserLink user={user} avatarSize={40} />
          </li>
        ))}
      </ul>
      <MoreButton pages={search}>More people</MoreButton>
    </>
  );
}

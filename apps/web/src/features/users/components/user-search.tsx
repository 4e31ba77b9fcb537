import { uiMessages, userSearchMaxLength } from '@spotter/contract';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '../../../components/ui/icons';
import { UserLink } from '../../../components/ui/user-link';
import { paths } from '../../../config/paths';
import { isHandle, useUserLookup } from '../api/lookup-user';
import { useUserSearch } from '../api/search-users';
import { useDebouncedValue } from '../lib/use-debounced-value';
import '../../../components/ui/search-box.css';
import './user-search.css';

const searchDelayMs = 250;

/**
 * SPEC §2: 'Search users...', matched by the server (substring, any case; issue 47: first and last
 * names too), 'No user found'. Enter opens the search page with the text (issue 47). A handle
 * (`@name@host`) is also looked up on its server (issue 49): the person found there comes first.
 */
export function UserSearch() {
  const navigate = useNavigate();
  const inputId = useId();
  const resultsId = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), searchDelayMs);
  const search = useUserSearch(q);
  const lookup = useUserLookup(q);
  const looking = isHandle(q);
  const isFetching = search.isFetching || (looking && lookup.isFetching);
  const isError = search.isError && !(looking && lookup.data);
  const remote = looking && lookup.data ? [lookup.data] : [];
  const users =
    search.data === undefined || (looking && lookup.isPending)
      ? undefined
      : [...remote, ...search.data.filter((user) => !remote.some((r) => r._id === user._id))];
  const showResults = q !== '' && users !== undefined;

  return (
    <section className="user-search" aria-label="Search users">
      <label htmlFor={inputId} className="visually-hidden">
        Search users
      </label>
      <form
        className="search-box"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== '') navigate(paths.search(text.trim()));
        }}
      >
        <SearchIcon size={18} />
        <input
          id={inputId}
          type="search"
          placeholder="Search users..."
          autoComplete="off"
          maxLength={userSearchMaxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-controls={resultsId}
        />
      </form>
      <div id={resultsId} aria-live="polite" aria-busy={isFetching}>
        {isError && q !== '' ? <p className="user-search__empty">Search is not available right now.</p> : null}
        {showResults && users.length === 0 ? <p className="user-search__empty">{uiMessages.noUserFound}</p> : null}
        {showResults && users.length > 0 ? (
          <ul className="user-search__results">
            {users.map((user) => (
              <li key={user._id}>
                <UserLink user={user} avatarSize={36} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

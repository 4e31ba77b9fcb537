import { NavLink } from 'react-router';
import { BarbellIcon, PlusIcon, SearchIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';

/**
 * Below 1024 px the right sidebar folds away: people search and suggestions open from here. On a
 * phone it also holds New Post; Settings and Logout are in the tab bar's "More" (issue 47).
 */
export function TopBar({ onPeople, onNewPost }: { onPeople: () => void; onNewPost: () => void }) {
  return (
    <header className="top-bar">
      <NavLink to={paths.home} className="brand" aria-label="Spotter home">
        <BarbellIcon size={26} />
        <span>Spotter</span>
      </NavLink>
      <div className="top-bar__actions">
        <button type="button" className="icon-button" aria-label="Search users" onClick={onPeople}>
          <SearchIcon />
        </button>
        <button type="button" className="icon-button top-bar__new" aria-label="New Post" onClick={onNewPost}>
          <PlusIcon />
        </button>
      </div>
    </header>
  );
}

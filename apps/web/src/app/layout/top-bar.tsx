import { NavLink } from 'react-router';
import { BarbellIcon, LogoutIcon, SearchIcon, SettingsIcon } from '../../components/ui/icons';
import { paths } from '../../config/paths';

/** Below 1024 px the right sidebar folds away: people search and suggestions open from here. */
export function TopBar({ onPeople, onLogout }: { onPeople: () => void; onLogout: () => void }) {
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
        <NavLink to={paths.settings} className="icon-button top-bar__settings" aria-label="Settings">
          <SettingsIcon />
        </NavLink>
        <button type="button" className="icon-button top-bar__logout" aria-label="Logout" onClick={onLogout}>
          <LogoutIcon />
        </button>
      </div>
    </header>
  );
}

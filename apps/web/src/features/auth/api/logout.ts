import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { clearSession } from '../../../lib/session';

/**
 * SPEC §2: Logout clears local storage and all state, then goes to /. Navigating first keeps the
 * protected routes from seeing an empty session and remembering the page as a "from" to return to.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    await navigate(paths.login, { replace: true });
    clearSession();
    queryClient.clear();
  };
}

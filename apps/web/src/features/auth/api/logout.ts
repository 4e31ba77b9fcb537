import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * SPEC §2: Logout clears local storage and all state, then goes to /. The clearing is done by the
 * login screen as it opens (opening / logs out, SPEC §2): clearing here first would let the
 * protected page still on screen see an empty session and remember itself as the place to return
 * to after the next login.
 */
export function useLogout() {
  const navigate = useNavigate();
  return () => navigate(paths.login, { replace: true });
}

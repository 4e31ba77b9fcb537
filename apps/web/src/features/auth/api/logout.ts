import { routes } from '@spotter/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { call } from '../../../lib/api-client';

/**
 * SPEC §2: Logout clears local storage and all state, then goes to /. The server is told first, so
 * the token stops working there too (issue 17, sessions); the call takes the token as it starts and
 * is not waited for: logging out never depends on the network. The clearing is done by the
 * login screen as it opens (opening / logs out, SPEC §2): clearing here first would let the
 * protected page still on screen see an empty session and remember itself as the place to return
 * to after the next login.
 */
export function useLogout() {
  const navigate = useNavigate();
  return () => {
    call(routes.logout).catch(() => undefined);
    navigate(paths.login, { replace: true });
  };
}

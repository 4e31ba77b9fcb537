import { routes } from '@spotter/contract';
import { useEffect, useState } from 'react';
import { call, isAbort } from '../../../lib/api-client';

/**
 * Whether 'Login as Guest' can work here: the server has the guest account (a server started with
 * SEED=false has none). Unknown (no answer yet) is false; a server too old to say is taken at its
 * word of SPEC §2, which always shows the button. Kept out of the query cache, which the login
 * screen empties as it opens.
 */
export function useGuestAccount(): boolean {
  const [guest, setGuest] = useState(false);
  useEffect(() => {
    const request = new AbortController();
    call(routes.guestAccount, { signal: request.signal }).then(
      (answer) => setGuest(answer.guest === true),
      (error: Error) => {
        if (!isAbort(error)) setGuest(true);
      },
    );
    return () => request.abort();
  }, []);
  return guest;
}

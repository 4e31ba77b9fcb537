import { type Capabilities, routes } from '@spotter/contract';
import { useEffect, useState } from 'react';
import { call, isAbort } from './api-client';

/** Every optional feature off: what is shown until the server has said, and if it cannot say. */
const allOff: Capabilities = { email: false, federation: false };

/**
 * The optional features this server has on (GET /api/capabilities, issue 45): a screen shows a
 * feature's controls only when its flag is true. A server too old to answer has none of them. Kept
 * out of the query cache, which the login screen empties as it opens.
 */
export function useCapabilities(): Capabilities {
  const [capabilities, setCapabilities] = useState<Capabilities>(allOff);
  useEffect(() => {
    const request = new AbortController();
    call(routes.capabilities, { signal: request.signal }).then(
      (answer) => setCapabilities({ ...allOff, ...answer }),
      (error: Error) => {
        if (!isAbort(error)) setCapabilities(allOff);
      },
    );
    return () => request.abort();
  }, []);
  return capabilities;
}

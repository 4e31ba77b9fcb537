import { useReachability } from '../../lib/reachability';
import './offline.css';

/** While the server cannot be reached: what still works, in one line (issue 48). */
export function OfflineBanner() {
  const reachability = useReachability();
  return (
    <div role="status" className="offline-banner" hidden={reachability === 'online'}>
      {reachability === 'offline' && 'You’re offline — workouts you save will sync later'}
    </div>
  );
}

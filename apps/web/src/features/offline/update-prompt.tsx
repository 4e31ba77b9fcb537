import { Button } from '../../components/ui/button';
import { useUpdateReady } from './update-ready';
import './offline.css';

/** "A new version is ready — Reload": the shell never stays stale for good, and never swaps mid-task. */
export function UpdatePrompt() {
  const update = useUpdateReady();
  if (!update) return null;
  return (
    <div role="status" className="update-prompt">
      <span>A new version is ready</span>
      <Button size="sm" onClick={update.apply}>
        Reload
      </Button>
    </div>
  );
}

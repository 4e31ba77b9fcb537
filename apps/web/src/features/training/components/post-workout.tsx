import type { WorkoutSummary } from '@spotter/contract';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { type CopyAs, useCopyPostWorkout } from '../api/copy-workout';
import { WorkoutSummaryView } from './workout-summary';

/**
 * The workout a post shares, as its card shows it, and, for a signed-in reader, "Copy to my log"
 * (issue 49): the same workout in their own log, started now, or saved as one of their routines;
 * the result is said under the buttons, with the way to it.
 */
export function PostWorkout({ workout, postId }: { workout: WorkoutSummary; postId: string }) {
  const session = useSession();
  return <WorkoutSummaryView workout={workout}>{session && <CopyToLog postId={postId} />}</WorkoutSummaryView>;
}

function CopyToLog({ postId }: { postId: string }) {
  const copy = useCopyPostWorkout(postId);
  const start = (as: CopyAs) => copy.mutate(as);
  return (
    <div className="workout-summary__copy">
      <div className="workout-summary__copy-buttons">
        <Button
          variant="secondary"
          busy={copy.isPending && copy.variables === 'workout'}
          onClick={() => start('workout')}
        >
          Copy to my log
        </Button>
        <Button
          variant="secondary"
          busy={copy.isPending && copy.variables === 'routine'}
          onClick={() => start('routine')}
        >
          Copy as routine
        </Button>
      </div>
      <p role="status" className="workout-summary__copy-result">
        {copy.data?.as === 'workout' && (
          <>
            Copied to your log. <Link to={paths.workout(copy.data.id)}>Open the workout</Link>
          </>
        )}
        {copy.data?.as === 'routine' && (
          <>
            Saved as one of your routines. <Link to={paths.logWorkout}>See your routines</Link>
          </>
        )}
        {copy.error && errorText(copy.error)}
      </p>
    </div>
  );
}

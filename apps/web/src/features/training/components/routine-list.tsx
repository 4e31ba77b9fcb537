import type { Routine } from '@spotter/contract';
import { useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorText } from '../../../lib/error-text';
import { useDeleteRoutine, useRoutines } from '../api/routines';

const exerciseCount = (routine: Routine) =>
  routine.exercises.length === 1 ? '1 exercise' : `${routine.exercises.length} exercises`;

/**
 * The person's routines on the Log screen: each starts a workout (the form filled with its exercises,
 * sets and last numbers) or is deleted, asked first.
 */
export function RoutineList({ starting, onStart }: { starting: string | null; onStart: (routine: Routine) => void }) {
  const routines = useRoutines();
  const remove = useDeleteRoutine();
  const [asking, setAsking] = useState<Routine | null>(null);
  const list = routines.data ?? [];
  const headingId = useId();

  return (
    <section className="log-workout__routines" aria-labelledby={headingId}>
      <h2 id={headingId}>Routines</h2>
      {routines.isPending ? (
        <p>Loading routines…</p>
      ) : routines.isError ? (
        <p>Routines could not be loaded: {errorText(routines.error)}</p>
      ) : list.length === 0 ? (
        <p>No routines yet: type the exercises of a workout you repeat, then press Save as routine.</p>
      ) : (
        <ul>
          {list.map((routine) => (
            <li key={routine._id} className="log-workout__routine">
              <span className="log-workout__routine-title">{routine.title}</span>
              <span className="log-workout__routine-count">{exerciseCount(routine)}</span>
              <Button
                size="sm"
                busy={starting === routine._id}
                disabled={starting !== null}
                onClick={() => onStart(routine)}
              >
                Start workout <span className="visually-hidden">{routine.title}</span>
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setAsking(routine)}>
                Delete <span className="visually-hidden">routine {routine.title}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <ConfirmDialog
          title="Delete this routine?"
          confirmLabel="Delete routine"
          confirmVariant="danger"
          busy={remove.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={() =>
            remove.mutate(asking._id, {
              onSuccess: () => {
                toast.success('Routine deleted');
                setAsking(null);
              },
              onError: (error) => toast.error(errorText(error)),
            })
          }
        >
          “{asking.title}” goes; the workouts started from it stay.
        </ConfirmDialog>
      )}
    </section>
  );
}

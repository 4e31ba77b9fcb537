import type { Handler } from '../../../http/add-route';
import { workoutsCsvRows } from '../csv-export';
import { workoutPage } from '../queries/workouts';

/** Every workout of the signed-in person, oldest last, 100 at a time, as one CSV file. */
export const exportWorkouts: Handler<'exportWorkouts'> = async ({ user, reply }, ctx) => {
  const parts: string[] = [];
  let after: Parameters<typeof workoutPage>[3];
  do {
    const page = await workoutPage(ctx.db, user.id, 100, after);
    parts.push(workoutsCsvRows(page.workouts, parts.length === 0));
    after = page.next;
  } while (after);
  reply.type('text/csv; charset=utf-8');
  reply.header('content-disposition', 'attachment; filename="spotter-workouts.csv"');
  return parts.join('');
};

import type { ImportPreview } from '../src';

/**
 * A Strong export (warm-up and working sets, RPE, notes, a run with its "Rest Timer" row, a name no
 * catalogue exercise has) and what POST /api/workouts/import/preview answers for it to a person with
 * no workouts yet. One copy for both sides: the server's import tests send the file and expect this
 * answer (apps/server/tests/training-import-preview.test.ts), the web's import dialog is answered
 * it (apps/web/src/features/training/components/import-workouts.test.tsx).
 */
export const strongCsv = `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
2026-10-05 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",W,40.0,10,0,0,"","Felt good",
2026-10-05 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",1,80.0,5,0,0,"","Felt good",8
2026-10-05 07:30:00,"Push Day",1h 5m,"Bench Press (Barbell)",2,85.0,3,0,0,"","Felt good",9
2026-10-05 07:30:00,"Push Day",1h 5m,"Overhead Press (Barbell)",1,40.0,8,0,0,"strict","Felt good",
2026-10-05 07:30:00,"Push Day",1h 5m,"Overhead Press (Barbell)",2,40.0,8,0,0,"","Felt good",
2026-10-05 07:30:00,"Push Day",1h 5m,"Cable Lateral Swing",1,10.0,15,0,0,"","Felt good",
2026-10-07 18:00:00,"Easy Run",32m,"Running",1,0,0,5.2,1800,"","",
2026-10-07 18:00:00,"Easy Run",32m,"Running",Rest Timer,0,0,0,90,"","",
2026-10-09 07:30:00,"Push Day",58m,"Bench Press (Barbell)",1,87.5,3,0,0,"","",
2026-10-09 07:30:00,"Push Day",58m,"Bench Press (Barbell)",2,80.0,6,0,0,"","",
2026-10-09 07:30:00,"Push Day",58m,"Pull Up",1,0,10,0,0,"","",
`;

export const strongPreview: ImportPreview = {
  workouts: 3,
  skipped: 0,
  // The run's "Rest Timer" row is no set.
  sets: 10,
  firstStartedAt: '2026-10-05T07:30:00.000Z',
  lastStartedAt: '2026-10-09T07:30:00.000Z',
  exercises: [
    {
      name: 'Bench Press (Barbell)',
      matched: { exerciseId: 'barbell-bench-press', name: 'Barbell Bench Press' },
      sets: 5,
    },
    {
      name: 'Overhead Press (Barbell)',
      matched: { exerciseId: 'overhead-press', name: 'Overhead Press' },
      sets: 2,
    },
    { name: 'Cable Lateral Swing', matched: null, sets: 1 },
    { name: 'Running', matched: { exerciseId: 'running', name: 'Running' }, sets: 1 },
    { name: 'Pull Up', matched: { exerciseId: 'pull-up', name: 'Pull-Up' }, sets: 1 },
  ],
};

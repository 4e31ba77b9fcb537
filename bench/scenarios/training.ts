import { createTokens } from '../../apps/server/src/auth/tokens';
import { type NetworkSize, userId, username } from '../generate/network';
import { Prng } from '../generate/prng';
import { firstTrainee, liftIds, routinePublicId, routinesPerTrainee, trainees } from '../generate/training';
import type { LoadRequest } from '../load/run-load';

/**
 * Issue 15's calls under load, on the trainees of the generated network (two years of workouts
 * each): logging a new workout (its records computed against that history), and someone's records,
 * progress chart of one lift over the two years, and stats. Viewers are trainees too.
 */
export type TrainingScenario =
  | 'createWorkout'
  | 'records'
  | 'progress'
  | 'stats'
  | 'lastOfExercise'
  | 'listRoutines'
  | 'startRoutine';

export const trainingTitles: Record<TrainingScenario, string> = {
  createWorkout: 'create a workout (two years of history)',
  records: 'records of a person',
  progress: 'progress of one lift over two years',
  stats: 'training stats of a person',
  lastOfExercise: "one's previous numbers of a lift (two years of history)",
  listRoutines: "one's routines (4 of 8 exercises)",
  startRoutine: "a routine of 8 exercises with each one's last session (?with=last)",
};

/** Workouts the benchmark writes are named so, and deleted after a PostgreSQL run. */
export const benchWorkoutTitle = 'bench workout';

const trainee = (prng: Prng) => firstTrainee + prng.int(trainees);

export async function trainingTokens(jwtSecret: string): Promise<string[]> {
  const tokens = createTokens(new TextEncoder().encode(jwtSecret), 86_400);
  const all: string[] = [];
  for (let u = firstTrainee; u < firstTrainee + trainees; u++) {
    all.push(await tokens.sign({ _id: userId(u), username: username(u), ver: 0 }));
  }
  return all;
}

export async function trainingScenarios(
  size: NetworkSize,
  jwtSecret: string,
): Promise<Record<TrainingScenario, LoadRequest[]>> {
  if (size.users < firstTrainee + trainees) throw new Error('the network has fewer people than trainees');
  const tokens = await trainingTokens(jwtSecret);
  const prng = new Prng(23);
  const token = () => tokens[prng.int(tokens.length)] ?? '';
  const get = (path: () => string): LoadRequest => ({
    method: 'GET',
    setupRequest: (request) => ({ ...request, path: path(), headers: { authorization: token() } }),
  });
  // A call about the caller's own log: the path and the token of the same trainee.
  const own = (path: (u: number) => string): LoadRequest => ({
    method: 'GET',
    setupRequest: (request) => {
      const t = prng.int(tokens.length);
      return { ...request, path: path(firstTrainee + t), headers: { authorization: tokens[t] ?? '' } };
    },
  });
  // Each workout starts a millisecond or more after the one before. The answers of a group commit
  // (decision 051) reach autocannon together and the next bodies were built in one millisecond, so
  // two of one trainee started at the same instant: a tie the record rules break by replaying the
  // history (1.6 % of creates in a run, about a tenth of the CPU), which is a back-dated log's path,
  // not logging now.
  let lastStart = 0;
  const workout = () => {
    lastStart = Math.max(Date.now(), lastStart + 1);
    const exercises = [0, 1, 2, 3].map((i) => ({
      exerciseId: liftIds[i] ?? '',
      sets: [
        { type: 'warmup', reps: 10, weightKg: 40 },
        ...[0, 1, 2].map(() => ({ reps: 5 + prng.int(4), weightKg: 60 + 2.5 * prng.int(30) })),
      ],
    }));
    return JSON.stringify({
      workout: {
        title: benchWorkoutTitle,
        startedAt: new Date(lastStart).toISOString(),
        durationSec: 3_600,
        exercises,
      },
    });
  };
  return {
    createWorkout: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          path: '/api/workouts',
          headers: { authorization: token(), 'content-type': 'application/json' },
          body: workout(),
        }),
      },
    ],
    records: [get(() => `/api/users/${username(trainee(prng))}/records`)],
    progress: [
      get(
        () =>
          `/api/users/${username(trainee(prng))}/progress?exerciseId=${liftIds[prng.int(4)]}` +
          '&from=2024-11-01T00:00:00.000Z&to=2026-11-01T00:00:00.000Z',
      ),
    ],
    stats: [get(() => `/api/users/${username(trainee(prng))}/stats`)],
    lastOfExercise: [get(() => `/api/exercises/${liftIds[prng.int(4)]}/last`)],
    listRoutines: [get(() => '/api/routines')],
    startRoutine: [own((u) => `/api/routines/${routinePublicId(u, prng.int(routinesPerTrainee))}?with=last`)],
  };
}

/** Strong's export layout (the published one the import reads), `sets` sets over the last year. */
export function strongCsv(sets: number, seed: number): string {
  const prng = new Prng(seed);
  const names = [
    'Bench Press (Barbell)',
    'Squat (Barbell)',
    'Deadlift (Barbell)',
    'Overhead Press (Barbell)',
    'Bent Over Row (Barbell)',
  ];
  const lines = [
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  ];
  const perWorkout = names.length * 4;
  const workouts = Math.ceil(sets / perWorkout);
  const end = Date.parse('2026-10-31T00:00:00.000Z');
  let written = 0;
  for (let w = 0; w < workouts; w++) {
    const at = new Date(end - (workouts - w) * 1.4 * 86_400_000 + prng.int(3_600_000));
    const date = at.toISOString().slice(0, 19).replace('T', ' ');
    for (const name of names) {
      for (let s = 0; s < 4 && written < sets; s++, written++) {
        const order = s === 0 ? 'W' : String(s);
        const weight = (s === 0 ? 40 : 60 + 2.5 * prng.int(30)).toFixed(1);
        lines.push(
          `${date},"Imported ${w}",1h 5m,"${name}",${order},${weight},${5 + prng.int(6)},0,0,"","",${s === 0 ? '' : 8}`,
        );
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

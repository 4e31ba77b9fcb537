import { slugName } from '../../apps/server/src/modules/training/fold-name';
import { type ExerciseSession, replayRecords } from '../../apps/server/src/modules/training/records';
import { exerciseFigures, figure, type SetValues } from '../../apps/server/src/modules/training/set-metrics';
import { Prng } from './prng';

/**
 * The training part of the generated network (issue 15): two years of workouts for the trainees
 * (people `firstTrainee` .. `firstTrainee + trainees - 1`), about two a week, three or four
 * exercises of their own programme each, a warm-up and three work sets, the weights rising slowly
 * with noise; one trainee in three also runs. Volumes, e1RMs and records are the server's own
 * arithmetic (modules/training/set-metrics.ts, modules/training/records.ts), so the rows are what the API would
 * have written.
 */
export const firstTrainee = 100;
export const trainees = 300;
export const isTrainee = (u: number) => u >= firstTrainee && u < firstTrainee + trainees;

/** Lifts a programme is drawn from (catalogue ids: the slug of the name), and the run. */
export const liftIds = [
  'Barbell Back Squat',
  'Barbell Bench Press',
  'Conventional Deadlift',
  'Overhead Press',
  'Barbell Row',
  'Lat Pulldown',
  'Romanian Deadlift',
  'Incline Barbell Bench Press',
  'Sumo Deadlift',
  'Trap Bar Deadlift',
  'Weighted Pull-Up',
  'Stiff-Leg Deadlift',
].map(slugName);
export const runId = slugName('Running');

const titles = ['Push day', 'Pull day', 'Leg day', 'Full body', 'Strength A', 'Strength B', 'Upper body'];

export interface WorkoutRow {
  id: string;
  user_id: number;
  title: string;
  notes: string;
  started_at: string;
  duration_sec: number;
  total_volume_kg: number;
  created_at: string;
  updated_at: string;
}
export interface WorkoutExerciseRow {
  workout_id: string;
  position: number;
  exercise_id: string;
  user_id: number;
  started_at: string;
  notes: string;
  volume_kg: number;
  e1rm_kg: number | null;
}
export interface WorkoutSetRow {
  workout_id: string;
  exercise_position: number;
  position: number;
  type: string;
  reps: number | null;
  weight_kg: number | null;
  distance_m: number | null;
  duration_sec: number | null;
  rpe: number | null;
}
export interface WorkoutRecordRow {
  workout_id: string;
  user_id: number;
  exercise_id: string;
  started_at: string;
  type: string;
  value: number;
  weight_kg: number | null;
  previous: number;
}

export interface RoutineRow {
  public_id: string;
  user_id: number;
  title: string;
  notes: string;
  exercises: string;
  created_at: string;
  updated_at: string;
}

export interface TraineeHistory {
  workouts: WorkoutRow[];
  exercises: WorkoutExerciseRow[];
  sets: WorkoutSetRow[];
  records: WorkoutRecordRow[];
  routines: RoutineRow[];
}

/** Routines each trainee keeps (issue 46), of `routineExercises` exercises each. */
export const routinesPerTrainee = 4;
export const routineExercises = 8;

/** The public id of trainee `u`'s routine `k`: known to the scenarios without reading the database. */
export const routinePublicId = (u: number, k: number) =>
  `00000000-0000-4000-8000-${(u * routinesPerTrainee + k).toString(16).padStart(12, '0')}`;

/** A trainee's routines: the lifts of their programme (and the run), four planned sets each. */
function traineeRoutines(u: number, userKey: number, programme: readonly string[], at: string): RoutineRow[] {
  const pool = [...programme, runId];
  return Array.from({ length: routinesPerTrainee }, (_, k) => ({
    public_id: routinePublicId(u, k),
    user_id: userKey,
    title: `Routine ${k + 1}`,
    notes: '',
    exercises: JSON.stringify(
      Array.from({ length: routineExercises }, (_, i) => {
        const exerciseId = pool[(i + k) % pool.length] ?? runId;
        const set =
          exerciseId === runId
            ? { type: 'normal', reps: null, weightKg: null, distanceM: 5000, durationSec: null }
            : { type: 'normal', reps: 5, weightKg: null, distanceM: null, durationSec: null };
        return { exerciseId, notes: '', restSec: 120, supersetGroup: null, sets: [set, set, set, set] };
      }),
    ),
    created_at: at,
    updated_at: at,
  }));
}

const day = 86_400_000;
const round = (kg: number) => Math.round(kg / 2.5) * 2.5;

/** One trainee's two years, from `fromMs` to `untilMs`. */
export function traineeHistory(
  seed: number,
  u: number,
  userKey: number,
  fromMs: number,
  untilMs: number,
  workoutId: (i: number) => string,
  firstWorkout: number,
): TraineeHistory {
  const prng = new Prng(seed + 1_000 + u);
  const programme = liftIds.filter((_, i) => i < 4 || (i + u) % 2 === 0);
  const base = new Map(programme.map((id) => [id, 30 + prng.int(90)]));
  const runs = u % 3 === 0;
  const history: TraineeHistory = {
    workouts: [],
    exercises: [],
    sets: [],
    records: [],
    routines: traineeRoutines(u, userKey, programme, new Date(fromMs).toISOString()),
  };
  const sessions: ExerciseSession[] = [];
  let n = firstWorkout;
  for (let t = fromMs; t < untilMs; t += day) {
    if (prng.int(7) >= 2) continue;
    const startedAt = new Date(t + (6 + prng.int(14)) * 3_600_000).toISOString();
    const progress = (t - fromMs) / (untilMs - fromMs);
    const id = workoutId(n++);
    const count = 3 + prng.int(2);
    const chosen: string[] = [];
    while (chosen.length < count) {
      const pick = prng.pick(programme);
      if (!chosen.includes(pick)) chosen.push(pick);
    }
    if (runs && prng.int(3) === 0) chosen.push(runId);
    let total = 0;
    chosen.forEach((exerciseId, position) => {
      const sets: SetValues[] = [];
      if (exerciseId === runId) {
        const distanceM = 3_000 + prng.int(7_000);
        const paceSec = 330 - 30 * progress + prng.int(40);
        sets.push({
          type: 'normal',
          reps: null,
          weightKg: null,
          distanceM,
          durationSec: Math.round((distanceM / 1000) * paceSec),
          rpe: null,
        });
      } else {
        const work = round((base.get(exerciseId) ?? 60) * (1 + 0.3 * progress) * (0.92 + prng.next() * 0.12));
        sets.push({
          type: 'warmup',
          reps: 10,
          weightKg: round(work * 0.5),
          distanceM: null,
          durationSec: null,
          rpe: null,
        });
        for (let s = 0; s < 3; s++) {
          sets.push({
            type: 'normal',
            reps: 4 + prng.int(7),
            weightKg: work,
            distanceM: null,
            durationSec: null,
            rpe: 7 + prng.int(4),
          });
        }
      }
      const measure = exerciseId === runId ? 'distance_duration' : 'weight_reps';
      const figures = exerciseFigures(measure, sets);
      total += figures.volumeKg;
      history.exercises.push({
        workout_id: id,
        position,
        exercise_id: exerciseId,
        user_id: userKey,
        started_at: startedAt,
        notes: '',
        volume_kg: figures.volumeKg,
        e1rm_kg: figures.e1rmKg,
      });
      sets.forEach((set, s) => {
        history.sets.push({
          workout_id: id,
          exercise_position: position,
          position: s,
          type: set.type,
          reps: set.reps,
          weight_kg: set.weightKg,
          distance_m: set.distanceM,
          duration_sec: set.durationSec,
          rpe: set.rpe,
        });
      });
      sessions.push({ workoutId: id, startedAt, exerciseId, sets });
    });
    history.workouts.push({
      id,
      user_id: userKey,
      title: prng.pick(titles),
      notes: '',
      started_at: startedAt,
      duration_sec: 2_700 + prng.int(2_700),
      total_volume_kg: figure(total),
      created_at: startedAt,
      updated_at: startedAt,
    });
  }
  const startOf = new Map(history.workouts.map((w) => [w.id, w.started_at]));
  for (const r of replayRecords(sessions).records) {
    history.records.push({
      workout_id: r.workoutId,
      user_id: userKey,
      exercise_id: r.exerciseId,
      started_at: startOf.get(r.workoutId) ?? '',
      type: r.type,
      value: r.value,
      weight_kg: r.weightKg,
      previous: r.previous,
    });
  }
  return history;
}

import {
  type ExerciseCategory,
  type ExerciseMeasure,
  exerciseCategories,
  exerciseMeasures,
  type ImportLayout,
  type SetType,
  setTypes,
  storedWeightKg,
  trainingErrors,
  trainingLimits,
  type WeightUnit,
} from '@spotter/contract';
import { parse } from 'csv-parse/sync';
import { importedSetTypes, layoutOf } from './csv-layouts';
import type { SetValues } from './set-metrics';
import { zonedInstant } from './zoned-time';

/** A set read from a file: already in SI units, as stored. */
export type ImportedSet = SetValues;

export interface ImportedExercise {
  /** Spotter's own files name the exercise's id; the others only its name. */
  exerciseId: string | null;
  name: string;
  notes: string;
  measure: ExerciseMeasure | null;
  category: ExerciseCategory | null;
  restSec: number | null;
  supersetGroup: number | null;
  sets: ImportedSet[];
}

export interface ImportedWorkout {
  /** The file's row (1 = the header) of the workout's first set, for messages. */
  row: number;
  title: string;
  startedAt: string;
  durationSec: number | null;
  notes: string;
  exercises: ImportedExercise[];
}

/** A file the import cannot read: answered as a 400 with this message. */
export class ImportProblem extends Error {}

export interface ReadOptions {
  /** The zone of the local times Strong and Hevy write. */
  timeZone: string;
  /** The unit of Strong's unlabelled Weight column (and, with lb, its Distance is in miles). */
  units: WeightUnit;
}

const metresPerMile = 1609.344;
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

type Row = (column: string) => string;

class RowReader {
  constructor(
    readonly get: Row,
    readonly row: number,
    private readonly decimalComma: boolean,
  ) {}

  problem(column: string): ImportProblem {
    return new ImportProblem(`row ${this.row}, ${column}: ${trainingErrors.importBadRow}`);
  }

  number(column: string): number | null {
    let text = this.get(column).trim();
    if (text === '') return null;
    if (this.decimalComma) text = text.replace(',', '.');
    const value = Number(text);
    if (!Number.isFinite(value) || value < 0) throw this.problem(column);
    return value;
  }

  whole(column: string): number | null {
    const value = this.number(column);
    return value === null ? null : Math.round(value);
  }

  /** `2023-01-15 07:30:00` (Strong) or `15 Jan 2023, 07:30` (Hevy), a local time in the zone. */
  localTime(column: string, timeZone: string): Date {
    const text = this.get(column).trim();
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
    const named = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
    const n = (match: RegExpExecArray, i: number) => Number(match[i] ?? 0);
    let wall: [number, number, number, number, number, number] | undefined;
    if (iso) wall = [n(iso, 1), n(iso, 2), n(iso, 3), n(iso, 4), n(iso, 5), n(iso, 6)];
    if (named) {
      const month = months.indexOf((named[2] ?? '').toLowerCase()) + 1;
      if (month > 0) wall = [n(named, 3), month, n(named, 1), n(named, 4), n(named, 5), n(named, 6)];
    }
    if (!wall || wall[1] > 12 || wall[2] > 31 || wall[3] > 23 || wall[4] > 59 || wall[5] > 59) {
      throw this.problem(column);
    }
    const [year, month, day, hour, minute, second] = wall;
    const instant = zonedInstant({ year, month, day, hour, minute, second }, timeZone);
    if (Number.isNaN(instant.getTime())) throw this.problem(column);
    return instant;
  }
}

/** Strong's workout Duration: `1h 5m`, `45m`, `50s`, or seconds. */
function strongDuration(reader: RowReader): number | null {
  const text = reader.get('Duration').trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return Number(text);
  const match = /^(?:(\d+)\s*h)?\s*(?:(\d+)\s*m(?:in)?)?\s*(?:(\d+)\s*s)?$/.exec(text);
  if (!match || match[0].trim() === '') throw reader.problem('Duration');
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

const positive = (value: number | null) => (value === null || value === 0 ? null : value);

interface ReadRow {
  workoutKey: string;
  workout: Omit<ImportedWorkout, 'exercises' | 'row'>;
  exercise: Omit<ImportedExercise, 'sets'>;
  set: ImportedSet;
}

function strongRow(reader: RowReader, options: ReadOptions): ReadRow | undefined {
  const order = reader.get('Set Order').trim();
  const type: SetType | undefined = /^\d+$/.test(order) ? 'normal' : importedSetTypes[order];
  // Strong also writes rows that are not sets ("Rest Timer", "Note"): nothing to import.
  if (!type) return undefined;
  const started = reader.localTime('Date', options.timeZone);
  const weight = reader.number('Weight');
  const distance = reader.number('Distance');
  return {
    workoutKey: `${reader.get('Date')}\u0000${reader.get('Workout Name')}`,
    workout: {
      title: reader.get('Workout Name').trim(),
      startedAt: started.toISOString(),
      durationSec: strongDuration(reader),
      notes: reader.get('Workout Notes'),
    },
    exercise: {
      exerciseId: null,
      name: reader.get('Exercise Name').trim(),
      notes: reader.get('Notes'),
      measure: null,
      category: null,
      restSec: null,
      supersetGroup: null,
    },
    set: {
      type,
      reps: reader.whole('Reps'),
      weightKg: weight === null ? null : storedWeightKg(weight, options.units),
      distanceM: positive(distance) === null ? null : (distance ?? 0) * (options.units === 'lb' ? metresPerMile : 1000),
      durationSec: positive(reader.whole('Seconds')),
      rpe: positive(reader.number('RPE')),
    },
  };
}

function hevyRow(reader: RowReader, options: ReadOptions, header: readonly string[]): ReadRow {
  const started = reader.localTime('start_time', options.timeZone);
  const endText = reader.get('end_time').trim();
  const ended = endText === '' ? undefined : reader.localTime('end_time', options.timeZone);
  const pounds = header.includes('weight_lbs');
  const weight = reader.number(pounds ? 'weight_lbs' : 'weight_kg');
  const miles = header.includes('distance_miles');
  const distance = positive(reader.number(miles ? 'distance_miles' : 'distance_km'));
  const typeText = reader.get('set_type').trim();
  const type = typeText === '' ? 'normal' : importedSetTypes[typeText];
  if (!type) throw reader.problem('set_type');
  return {
    workoutKey: `${reader.get('start_time')}\u0000${reader.get('title')}`,
    workout: {
      title: reader.get('title').trim(),
      startedAt: started.toISOString(),
      durationSec: ended && ended > started ? Math.round((ended.getTime() - started.getTime()) / 1000) : null,
      notes: reader.get('description'),
    },
    exercise: {
      exerciseId: null,
      name: reader.get('exercise_title').trim(),
      notes: reader.get('exercise_notes'),
      measure: null,
      category: null,
      restSec: null,
      supersetGroup: hevySuperset(reader.whole('superset_id')),
    },
    set: {
      type,
      reps: reader.whole('reps'),
      weightKg: weight === null ? null : storedWeightKg(weight, pounds ? 'lb' : 'kg'),
      distanceM: distance === null ? null : distance * (miles ? metresPerMile : 1000),
      durationSec: positive(reader.whole('duration_seconds')),
      rpe: positive(reader.number('rpe')),
    },
  };
}

/** Hevy numbers the supersets of a workout from 0; Spotter's groups start at 1. */
const hevySuperset = (id: number | null) => (id === null || id + 1 > trainingLimits.maxSupersetGroup ? null : id + 1);

const oneOf = <T extends string>(values: readonly T[], text: string): T | null =>
  (values as readonly string[]).includes(text) ? (text as T) : null;

function spotterRow(reader: RowReader): ReadRow {
  const startedText = reader.get('started_at').trim();
  const started = new Date(startedText);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(startedText) || Number.isNaN(started.getTime())) throw reader.problem('started_at');
  const type = oneOf(setTypes, reader.get('set_type').trim() || 'normal');
  if (!type) throw reader.problem('set_type');
  return {
    workoutKey: `${started.toISOString()}\u0000${reader.get('workout_title')}`,
    workout: {
      title: reader.get('workout_title').trim(),
      startedAt: started.toISOString(),
      durationSec: reader.whole('duration_sec'),
      notes: reader.get('workout_notes'),
    },
    exercise: {
      exerciseId: reader.get('exercise_id').trim() || null,
      name: reader.get('exercise_name').trim(),
      notes: reader.get('exercise_notes'),
      measure: oneOf(exerciseMeasures, reader.get('exercise_measure').trim()),
      category: oneOf(exerciseCategories, reader.get('exercise_category').trim()),
      restSec: reader.whole('rest_sec'),
      supersetGroup: reader.whole('superset_group'),
    },
    set: {
      type,
      reps: reader.whole('reps'),
      weightKg: reader.number('weight_kg'),
      distanceM: reader.number('distance_m'),
      durationSec: reader.whole('set_duration_sec'),
      rpe: reader.number('rpe'),
      // Files written before issue 46 have no set_done column: every set in them was done.
      done: !/^(false|0|no)$/i.test(reader.get('set_done').trim()),
    },
  };
}

function parseRows(text: string): { rows: string[][]; decimalComma: boolean } {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const semicolons = (firstLine.match(/;/g) ?? []).length;
  const commas = (firstLine.match(/,/g) ?? []).length;
  const delimiter = semicolons > commas ? ';' : ',';
  try {
    const rows = parse(text, { bom: true, delimiter, skip_empty_lines: true, relax_column_count: true }) as string[][];
    return { rows, decimalComma: delimiter === ';' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ImportProblem(`${trainingErrors.importNotCsv}: ${reason}`);
  }
}

/**
 * The workouts of a Strong, Hevy or Spotter CSV export, in the file's order, grouped by start and title;
 * a workout's rows of one exercise in a row make one entry. Throws an ImportProblem naming the row and
 * column of the first value it cannot read.
 */
export function readWorkoutsCsv(
  text: string,
  options: ReadOptions,
): { layout: ImportLayout; workouts: ImportedWorkout[] } {
  if (text.replace(/^\uFEFF/, '').trim() === '') throw new ImportProblem(trainingErrors.importEmpty);
  const { rows, decimalComma } = parseRows(text);
  const header = (rows[0] ?? []).map((h) => h.trim());
  const layout = layoutOf(header);
  if (!layout) throw new ImportProblem(trainingErrors.importUnknownLayout);
  const index = new Map(header.map((name, i) => [name, i]));
  const workouts = new Map<string, ImportedWorkout>();
  rows.slice(1).forEach((cells, i) => {
    const get: Row = (column) => cells[index.get(column) ?? -1] ?? '';
    const reader = new RowReader(get, i + 2, decimalComma);
    const read =
      layout === 'strong'
        ? strongRow(reader, options)
        : layout === 'hevy'
          ? hevyRow(reader, options, header)
          : spotterRow(reader);
    if (!read) return;
    let workout = workouts.get(read.workoutKey);
    if (!workout) {
      workout = { ...read.workout, row: reader.row, exercises: [] };
      workouts.set(read.workoutKey, workout);
    }
    const last = workout.exercises[workout.exercises.length - 1];
    const same = last && last.name === read.exercise.name && last.exerciseId === read.exercise.exerciseId;
    if (same) last.sets.push(read.set);
    else workout.exercises.push({ ...read.exercise, sets: [read.set] });
  });
  return { layout, workouts: [...workouts.values()] };
}

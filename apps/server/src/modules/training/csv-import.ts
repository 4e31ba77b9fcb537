import { pipeline, Readable } from 'node:stream';
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
import { CsvError, parse } from 'csv-parse';
import type { PeopleInFlight } from '../../http/people-in-flight';
import { unneutralisedCell } from './csv-formulas';
import { importedSetTypes, layoutOf } from './csv-layouts';
import { pacer } from './give-way';
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
  /** People's requests in flight, whom a long file makes way for (give-way.ts). */
  people?: PeopleInFlight | undefined;
}

const metresPerMile = 1609.344;
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

type Row = (column: string) => string;

function daysInMonth(year: number, month: number): number {
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return last.getUTCDate();
}

/** A date of the calendar (no 31 February, no month 0) in the years a workout may start in. */
function realDate(year: number, month: number, day: number): boolean {
  if (year < trainingLimits.minYear || year > trainingLimits.maxYear) return false;
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

class RowReader {
  constructor(
    private readonly cell: Row,
    readonly row: number,
    private readonly decimalComma: boolean,
    /** Local times already read in this file: a workout's rows repeat its time, and reading one costs. */
    private readonly times: Map<string, Date>,
  ) {}

  /**
   * A cell's text. PostgreSQL cannot store a NUL character in text (it answered 500: issue 45,
   * finding 5), and no name, title or note needs one: the file is refused on both engines alike.
   */
  get(column: string): string {
    const text = this.cell(column);
    if (text.includes('\u0000')) throw this.problem(column, trainingErrors.importNulCharacter);
    return text;
  }

  problem(column: string, why: string = trainingErrors.importBadRow): ImportProblem {
    return new ImportProblem(`row ${this.row}, ${column}: ${why}`);
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
    const known = this.times.get(text);
    if (known) return known;
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
    const named = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
    const n = (match: RegExpExecArray, i: number) => Number(match[i] ?? 0);
    let wall: [number, number, number, number, number, number] | undefined;
    if (iso) wall = [n(iso, 1), n(iso, 2), n(iso, 3), n(iso, 4), n(iso, 5), n(iso, 6)];
    if (named) {
      const month = months.indexOf((named[2] ?? '').toLowerCase()) + 1;
      if (month > 0) wall = [n(named, 3), month, n(named, 1), n(named, 4), n(named, 5), n(named, 6)];
    }
    if (!wall || wall[3] > 23 || wall[4] > 59 || wall[5] > 59) throw this.problem(column);
    const [year, month, day, hour, minute, second] = wall;
    // Issue 45, finding 14: 31 Feb 2026 became 3 March, the year 0001 became 1901.
    if (!realDate(year, month, day)) throw this.problem(column, trainingErrors.importBadDate);
    const instant = zonedInstant({ year, month, day, hour, minute, second }, timeZone);
    if (Number.isNaN(instant.getTime())) throw this.problem(column);
    this.times.set(text, instant);
    return instant;
  }

  /** An ISO 8601 time with its offset (Spotter's own files), on a real date. */
  isoTime(column: string): Date {
    const text = this.get(column).trim();
    const date = /^(\d{4})-(\d{2})-(\d{2})T/.exec(text);
    const instant = new Date(text);
    if (!date || Number.isNaN(instant.getTime())) throw this.problem(column);
    const year = instant.getUTCFullYear();
    if (!realDate(Number(date[1]), Number(date[2]), Number(date[3])) || !realDate(year, 1, 1)) {
      throw this.problem(column, trainingErrors.importBadDate);
    }
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
  const started = reader.isoTime('started_at');
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

/** Rows read between two turns given to the rest of the server (issue 45, finding 3). */
const rowsPerTurn = 500;
/** The header row is looked for in the first bytes only; no export's header is near this long. */
const headMaxBytes = 64 * 1024;

/** A file's bytes: a request's file stream, or a whole text (the probes and benches). */
export type CsvSource = string | AsyncIterable<Buffer>;

function bytesOf(source: CsvSource): AsyncIterator<Buffer> {
  if (typeof source !== 'string') return source[Symbol.asyncIterator]();
  return (async function* () {
    yield Buffer.from(source);
  })();
}

/**
 * The file's first bytes, up to the end of its first line that holds something (or the whole file
 * when it is shorter), and the delimiter that line uses: a comma, or a semicolon when it has more of
 * them (Strong writes semicolons in some locales, and then decimal commas).
 */
async function readHead(bytes: AsyncIterator<Buffer>): Promise<{ head: Buffer; delimiter: ',' | ';'; blank: boolean }> {
  let head = Buffer.alloc(0);
  let text = '';
  for (;;) {
    // A first piece may be the whole file (a test's request): the first line is in its first bytes.
    text = head
      .subarray(0, headMaxBytes)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const content = text.search(/\S/);
    if ((content >= 0 && text.indexOf('\n', content) >= 0) || head.length >= headMaxBytes) break;
    const next = await bytes.next();
    if (next.done) break;
    head = Buffer.concat([head, next.value]);
  }
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const semicolons = (firstLine.match(/;/g) ?? []).length;
  const commas = (firstLine.match(/,/g) ?? []).length;
  return { head, delimiter: semicolons > commas ? ';' : ',', blank: text.trim() === '' };
}

/** Pieces the parser reads between two turns: it parses each piece it is given in one go. */
const sliceBytes = 64 * 1024;

function* slices(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += sliceBytes) yield bytes.subarray(at, at + sliceBytes);
}

/** The file's rows as cells, parsed as the bytes arrive (csv-parse's stream), never the whole file at once. */
function rowsOf(head: Buffer, bytes: AsyncIterator<Buffer>, delimiter: string): AsyncIterable<string[]> {
  const parser = parse({ bom: true, delimiter, skip_empty_lines: true, relax_column_count: true });
  const all = async function* () {
    try {
      yield* slices(head);
      for (;;) {
        const next = await bytes.next();
        if (next.done) return;
        yield* slices(next.value);
      }
    } finally {
      // Refused half-way: the rest of the file is not read.
      await bytes.return?.();
    }
  };
  // A failure of the file's stream (a broken upload) ends the parser with it; the caller sees it.
  pipeline(Readable.from(all(), { objectMode: false }), parser, () => undefined);
  return parser;
}

/** Workouts as the rows come: grouped by start and title, a workout's consecutive rows of one exercise one entry. */
class Workouts {
  private readonly byKey = new Map<string, ImportedWorkout>();

  add(read: ReadRow, row: number) {
    let workout = this.byKey.get(read.workoutKey);
    if (!workout) {
      workout = { ...read.workout, row, exercises: [] };
      this.byKey.set(read.workoutKey, workout);
    }
    const last = workout.exercises[workout.exercises.length - 1];
    const same = last && last.name === read.exercise.name && last.exerciseId === read.exercise.exerciseId;
    if (same) last.sets.push(read.set);
    else workout.exercises.push({ ...read.exercise, sets: [read.set] });
  }

  get all(): ImportedWorkout[] {
    return [...this.byKey.values()];
  }
}

/**
 * The workouts of a Strong, Hevy or Spotter CSV export, in the file's order, grouped by start and title;
 * a workout's rows of one exercise in a row make one entry. Throws an ImportProblem naming the row and
 * column of the first value it cannot read. The file is parsed as it arrives and the rest of the
 * server gets a turn every few hundred rows: a 10 MB file (150,000 rows) read at once held every
 * other request for seconds (issue 45, finding 3).
 */
export async function readWorkoutsCsv(
  source: CsvSource,
  options: ReadOptions,
): Promise<{ layout: ImportLayout; workouts: ImportedWorkout[] }> {
  const bytes = bytesOf(source);
  const { head, delimiter, blank } = await readHead(bytes);
  if (blank) {
    await bytes.return?.();
    throw new ImportProblem(trainingErrors.importEmpty);
  }
  const decimalComma = delimiter === ';';
  let layout: ImportLayout | undefined;
  let header: string[] = [];
  let index = new Map<string, number>();
  const workouts = new Workouts();
  const times = new Map<string, Date>();
  const giveWay = pacer(options.people);
  let row = 0;
  try {
    for await (const cells of rowsOf(head, bytes, delimiter)) {
      row += 1;
      if (row % rowsPerTurn === 0) await giveWay();
      if (row === 1) {
        header = cells.map((h) => h.trim());
        layout = layoutOf(header);
        if (!layout) throw new ImportProblem(trainingErrors.importUnknownLayout);
        index = new Map(header.map((name, i) => [name, i]));
        continue;
      }
      const raw: Row = (column) => cells[index.get(column) ?? -1] ?? '';
      // Spotter's export writes a quote before a cell a spreadsheet would run as a formula (finding 7).
      const cell: Row = layout === 'spotter' ? (column) => unneutralisedCell(raw(column)) : raw;
      const reader = new RowReader(cell, row, decimalComma, times);
      const read =
        layout === 'strong'
          ? strongRow(reader, options)
          : layout === 'hevy'
            ? hevyRow(reader, options, header)
            : spotterRow(reader);
      if (read) workouts.add(read, row);
    }
  } catch (error) {
    if (error instanceof CsvError) throw new ImportProblem(`${trainingErrors.importNotCsv}: ${error.message}`);
    throw error;
  }
  if (!layout) throw new ImportProblem(trainingErrors.importEmpty);
  return { layout, workouts: workouts.all };
}

import { displayWeight, type ExerciseMeasure, type RecordType, roundTo, type WeightUnit } from '@spotter/contract';
import { countOf } from '../../../lib/plural';
import { clockText } from './time-input';

/**
 * A stored weight in the viewer's unit, to a tenth, with its unit: "102.5 kg", "225 lb". The
 * conversion and rounding are the contract's (`displayWeight`); typed weights go back with its
 * `storedWeightKg`.
 */
export const formatWeight = (kg: number, unit: WeightUnit) => `${displayWeight(kg, unit)} ${unit}`;

export function formatDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

export const formatDistance = (metres: number) =>
  metres >= 1000 ? `${Math.round(metres / 10) / 100} km` : `${Math.round(metres)} m`;

export interface SetLike {
  reps: number | null;
  weightKg: number | null;
  distanceM: number | null;
  durationSec: number | null;
}

/** One set in a line: "5 × 100 kg", "12 reps", "5.2 km in 30 min", "60 s". */
export function formatSet(set: SetLike, unit: WeightUnit): string {
  if (set.distanceM !== null) {
    return set.durationSec !== null
      ? `${formatDistance(set.distanceM)} in ${formatDuration(set.durationSec)}`
      : formatDistance(set.distanceM);
  }
  if (set.reps !== null && set.weightKg !== null && set.weightKg > 0) {
    return `${set.reps} × ${formatWeight(set.weightKg, unit)}`;
  }
  if (set.reps !== null) return countOf(set.reps, 'rep');
  if (set.durationSec !== null) return formatDuration(set.durationSec);
  return '';
}

const recordNames: Record<RecordType, string> = {
  heaviestWeight: 'Heaviest weight',
  bestE1rm: 'Best e1RM',
  bestVolume: 'Best volume',
  mostReps: 'Most reps',
  longestDistance: 'Longest distance',
  fastestPace: 'Fastest pace',
  longestDuration: 'Longest hold',
  fastest1k: 'Fastest 1 km',
  fastest5k: 'Fastest 5 km',
  fastest10k: 'Fastest 10 km',
};

/** Records whose value is a time in seconds. */
const timedRecords = new Set<RecordType>(['longestDuration', 'fastest1k', 'fastest5k', 'fastest10k']);

/** A record badge's words: "PR · Heaviest weight 100 kg". */
export function recordText(
  record: { type: RecordType; value: number; weightKg: number | null },
  unit: WeightUnit,
): string {
  const { type, value } = record;
  const shown =
    type === 'mostReps'
      ? `${countOf(value, 'rep')}${record.weightKg !== null ? ` at ${formatWeight(record.weightKg, unit)}` : ''}`
      : type === 'longestDistance'
        ? formatDistance(value)
        : type === 'fastestPace'
          ? `${formatDuration(Math.round(value))}/km`
          : timedRecords.has(type)
            ? formatDuration(Math.round(value))
            : formatWeight(value, unit);
  return `${recordNames[type]} ${shown}`;
}

/**
 * A record a save just set, as the log screen says it: "New record: Deadlift 160 kg" for the
 * heaviest weight, else the record named ("New record: Deadlift, best e1RM 186.7 kg").
 */
export function newRecordText(
  record: { type: RecordType; value: number; weightKg: number | null },
  exerciseName: string,
  unit: WeightUnit,
): string {
  if (record.type === 'heaviestWeight') return `New record: ${exerciseName} ${formatWeight(record.value, unit)}`;
  const text = recordText(record, unit);
  return `New record: ${exerciseName}, ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/** Distances follow the weight unit: a person lifting in pounds runs in miles. */
export type DistanceUnit = 'km' | 'mi';
export const distanceUnitOf = (unit: WeightUnit): DistanceUnit => (unit === 'lb' ? 'mi' : 'km');

/** The international mile, exactly. */
export const metresPerMile = 1609.344;
const metresPer: Record<DistanceUnit, number> = { km: 1000, mi: metresPerMile };

/** A typed distance in the person's unit, as stored: metres, to the metre. */
export const storedMetres = (value: number, unit: DistanceUnit) => Math.round(value * metresPer[unit]);

/** Stored metres in the person's unit, to the hundredth, as the distance box shows them back. */
export const displayDistance = (metres: number, unit: DistanceUnit) => roundTo(metres / metresPer[unit], 2);

/**
 * The pace of a distance covered in a time, in the person's unit: "5:30 /km", "8:51 /mi"; null when
 * either is missing or zero.
 */
export function formatPace(metres: number | null, seconds: number | null, unit: DistanceUnit): string | null {
  if (!metres || !seconds || metres <= 0 || seconds <= 0) return null;
  return `${clockText(seconds / (metres / metresPer[unit]))} /${unit}`;
}

/** A distance in the person's unit: "5.2 km", "3.1 mi"; under a kilometre in metres. */
export function formatDistanceIn(metres: number, unit: DistanceUnit): string {
  if (unit === 'km') return formatDistance(metres);
  return `${displayDistance(metres, unit)} mi`;
}

/** The bests an exercise's records row carries (ExerciseRecords), by measure. */
export interface BestsLike {
  measure: ExerciseMeasure;
  heaviestWeightKg: number | null;
  longestDistanceM: number | null;
  mostReps: number | null;
  longestDurationSec: number | null;
  fastest1kSec: number | null;
  fastest5kSec: number | null;
  fastest10kSec: number | null;
}

/**
 * An exercise's best in its own terms: a lift's heaviest weight ("100 kg"), pull-ups' most reps
 * ("8 reps"), a plank's longest hold ("1:30"), a run's best time over the longest of 10, 5 and 1 km
 * it covered ("5 km in 27:30"), else its longest distance. When the measure's own best is missing
 * (a lift logged without a load), whichever best there is; null only when there is none.
 */
export function bestText(r: BestsLike, unit: WeightUnit): string | null {
  const weight = r.heaviestWeightKg !== null ? formatWeight(r.heaviestWeightKg, unit) : null;
  const reps = r.mostReps !== null ? `${r.mostReps} ${r.mostReps === 1 ? 'rep' : 'reps'}` : null;
  const hold = r.longestDurationSec !== null ? clockText(r.longestDurationSec) : null;
  const timed: [number, number | null][] = [
    [10, r.fastest10kSec],
    [5, r.fastest5kSec],
    [1, r.fastest1kSec],
  ];
  const race = timed.find(([, seconds]) => seconds !== null);
  const run = race ? `${race[0]} km in ${clockText(race[1] ?? 0)}` : null;
  const distance = r.longestDistanceM !== null ? formatDistanceIn(r.longestDistanceM, distanceUnitOf(unit)) : null;
  const order: Record<ExerciseMeasure, (string | null)[]> = {
    weight_reps: [weight, reps, hold, run, distance],
    reps: [reps, weight, hold, run, distance],
    duration: [hold, reps, weight, run, distance],
    distance_duration: [run, distance, hold, reps, weight],
  };
  return order[r.measure].find((text) => text !== null) ?? null;
}

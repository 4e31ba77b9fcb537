import { displayWeight, type ExerciseMeasure, type ProgressPoint, type WeightUnit } from '@spotter/contract';
import { type DistanceUnit, displayDistance, distanceUnitOf, metresPerMile } from './format';
import { clockText } from './time-input';

/** How a line's values are written on its axis and in the chart's text. */
export type ValueKind = 'number' | 'clock';

export interface ProgressLine {
  label: string;
  /** The y scale it is drawn on: two lines share one when their units agree. */
  scale: string;
  kind: ValueKind;
  values: (number | null)[];
  /** One value in the chart's text alternative: "72.5 kg best", "8 reps", "5:30 /km". */
  said: (text: string) => string;
}

/** Metres in a km or a mile: a pace per km times this / 1000 is the pace per unit. */
const metresPer: Record<DistanceUnit, number> = { km: 1000, mi: metresPerMile };

/**
 * What the progress chart draws for an exercise, by its measure: a lift's best weight and e1RM, a
 * bodyweight exercise's most reps, a hold's longest time, a run's distance and pace (per km, or per
 * mile for a person in pounds).
 */
export function progressLines(points: readonly ProgressPoint[], measure: ExerciseMeasure, unit: WeightUnit) {
  const weight = (kg: number | null) => (kg === null ? null : displayWeight(kg, unit));
  switch (measure) {
    case 'weight_reps':
      return [
        {
          label: `Best weight (${unit})`,
          scale: unit,
          kind: 'number',
          values: points.map((p) => weight(p.bestWeightKg)),
          said: (v) => `${v} ${unit} best`,
        },
        {
          label: `e1RM (${unit})`,
          scale: unit,
          kind: 'number',
          values: points.map((p) => weight(p.e1rmKg)),
          said: (v) => `e1RM ${v} ${unit}`,
        },
      ] satisfies ProgressLine[];
    case 'reps':
      return [
        {
          label: 'Most reps',
          scale: 'reps',
          kind: 'number',
          values: points.map((p) => p.mostReps),
          said: (v) => `${v} reps`,
        },
      ] satisfies ProgressLine[];
    case 'duration':
      return [
        {
          label: 'Longest hold',
          scale: 's',
          kind: 'clock',
          values: points.map((p) => p.longestDurationSec),
          said: (v) => `held ${v}`,
        },
      ] satisfies ProgressLine[];
    case 'distance_duration': {
      const d = distanceUnitOf(unit);
      return [
        {
          label: `Distance (${d})`,
          scale: d,
          kind: 'number',
          values: points.map((p) => (p.longestDistanceM === null ? null : displayDistance(p.longestDistanceM, d))),
          said: (v) => `${v} ${d}`,
        },
        {
          label: `Pace (min/${d})`,
          scale: 'pace',
          kind: 'clock',
          values: points.map((p) =>
            p.fastestPaceSecPerKm === null ? null : Math.round((p.fastestPaceSecPerKm * metresPer[d]) / 1000),
          ),
          said: (v) => `${v} /${d}`,
        },
      ] satisfies ProgressLine[];
    }
  }
}

export const valueText = (value: number, kind: ValueKind) => (kind === 'clock' ? clockText(value) : String(value));

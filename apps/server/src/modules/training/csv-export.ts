import type { Workout } from '@spotter/contract';
import { stringify } from 'csv-stringify/sync';
import { neutralisedCell } from './csv-formulas';
import { spotterColumns } from './csv-layouts';

const blank = (value: number | null) => (value === null ? '' : String(value));

/**
 * Workouts as rows of Spotter's CSV layout (docs/training-csv.md), one row a set, header first; a
 * cell a spreadsheet would run as a formula is written with a `'` before it (csv-formulas.ts).
 */
export function workoutsCsvRows(workouts: readonly Workout[], withHeader: boolean): string {
  const rows = workouts.flatMap((w) =>
    w.exercises.flatMap((e) =>
      e.sets.map((s) =>
        [
        w.title,
        new Date(w.startedAt).toISOString(),
        blank(w.durationSec),
        w.notes,
        e.exerciseId,
        e.name,
        e.category,
        e.measure,
        e.notes,
        s.type,
        blank(s.reps),
        blank(s.weightKg),
        blank(s.distanceM),
        blank(s.durationSec),
        blank(s.rpe),
        String(s.done),
        blank(e.restSec),
        blank(e.supersetGroup),
      ].map(neutralisedCell),
      ),
    ),
  );
  return stringify(withHeader ? [[...spotterColumns], ...rows] : rows);
}

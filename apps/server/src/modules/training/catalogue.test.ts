import { equipment, exerciseCategories, exerciseMeasures, muscles } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue';
import { foldName } from './fold-name';

describe('the exercise catalogue', () => {
  it('has at least 150 exercises, each name and id once (names compared as search folds them)', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(150);
    expect(new Set(catalogue.map((e) => e.id)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((e) => foldName(e.name))).size).toBe(catalogue.length);
  });

  it('tags every exercise with known values, at least one primary muscle and no muscle twice', () => {
    for (const exercise of catalogue) {
      expect(exercise.id, exercise.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(exerciseCategories).toContain(exercise.category);
      expect(exerciseMeasures).toContain(exercise.measure);
      expect(equipment).toContain(exercise.equipment);
      expect(exercise.primaryMuscles.length, exercise.name).toBeGreaterThan(0);
      const all = [...exercise.primaryMuscles, ...exercise.secondaryMuscles];
      for (const muscle of all) expect(muscles, exercise.name).toContain(muscle);
      expect(new Set(all).size, exercise.name).toBe(all.length);
    }
  });

  it('covers every category and measure', () => {
    expect(new Set(catalogue.map((e) => e.category))).toEqual(new Set(exerciseCategories));
    expect(new Set(catalogue.map((e) => e.measure))).toEqual(new Set(exerciseMeasures));
  });
});

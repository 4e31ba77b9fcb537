import { describe, expect, it } from 'vitest';
import { catalogue } from './catalogue';
import { catalogueIdOfImportedName, importedNameCount, importedNameTargets } from './import-names';

describe("Strong's and Hevy's exercise names", () => {
  it('knows at least the 100 most common, each pointing at an exercise of the catalogue', () => {
    expect(importedNameCount).toBeGreaterThanOrEqual(100);
    const names = new Set(catalogue.map((e) => e.name));
    for (const target of importedNameTargets) expect(names, target).toContain(target);
  });

  it('matches whatever the case and punctuation, and nothing it does not list', () => {
    expect(catalogueIdOfImportedName('Deadlift (Barbell)')).toBe('conventional-deadlift');
    expect(catalogueIdOfImportedName('deadlift  (barbell)')).toBe('conventional-deadlift');
    expect(catalogueIdOfImportedName('Bench Press (Barbell)')).toBe('barbell-bench-press');
    expect(catalogueIdOfImportedName('Squat (Barbell)')).toBe('barbell-back-squat');
    expect(catalogueIdOfImportedName('Pull Up')).toBe('pull-up');
    expect(catalogueIdOfImportedName('Running')).toBe('running');
    expect(catalogueIdOfImportedName("Farmer's Walk")).toBe('farmers-carry');
    expect(catalogueIdOfImportedName('Zercher Carry')).toBeUndefined();
  });
});

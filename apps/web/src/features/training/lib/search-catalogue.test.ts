import type { Exercise } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { searchCatalogue } from './search-catalogue';

const named = (...names: string[]) => names.map((name) => ({ _id: name, name }) as Exercise);
const catalogue = named('Bench Dip', 'Bench Press', 'Dead Bug', 'Deadlift', 'Romanian Deadlift', 'Squat (Barbell)');
const names = (q: string, limit = 10) => searchCatalogue(catalogue, q, limit).map((e) => e.name);

describe('searching the catalogue kept on the device (issue 48)', () => {
  it('puts the name itself first, then names and then words starting with the query, then the rest', () => {
    expect(names('deadlift')).toEqual(['Deadlift', 'Romanian Deadlift']);
    expect(names('bench p')).toEqual(['Bench Press']);
    expect(names('dead')).toEqual(['Dead Bug', 'Deadlift', 'Romanian Deadlift']);
    expect(names('barbell')).toEqual(['Squat (Barbell)']);
    expect(names('ift')).toEqual(['Deadlift', 'Romanian Deadlift']);
  });

  it('ignores case and spaces around, finds nothing for an unknown name, and keeps to the limit', () => {
    expect(names('  SQUAT ')).toEqual(['Squat (Barbell)']);
    expect(names('curl')).toEqual([]);
    expect(names('', 2)).toEqual(['Bench Dip', 'Bench Press']);
    expect(names('e', 3)).toHaveLength(3);
  });
});

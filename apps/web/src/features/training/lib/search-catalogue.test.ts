import type { Exercise } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { searchCatalogue, usageOf } from './search-catalogue';

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
const named = (...list: string[]) => list.map((name) => ({ _id: slug(name), name }) as Exercise);
const catalogue = named(
  'Bench Dip',
  'Barbell Bench Press',
  'Dumbbell Bench Press',
  'Dead Bug',
  'Dead Hang',
  'Conventional Deadlift',
  'Romanian Deadlift',
  'Barbell Back Squat',
  'Pull-Up',
  'Plank',
  'Side Plank',
  'Running',
  'Trail Running',
);
const names = (q: string, limit = 10, usage = new Map<string, number>()) =>
  searchCatalogue(catalogue, q, limit, usage).map((e) => e.name);

describe('searching the catalogue kept on the device (issues 46 and 48)', () => {
  it('puts the common lift before a rarer name that matches as well: Bench Press before Bench Dip, Deadlift before Dead Bug', () => {
    expect(names('bench')).toEqual(['Barbell Bench Press', 'Dumbbell Bench Press', 'Bench Dip']);
    expect(names('dead')).toEqual(['Conventional Deadlift', 'Romanian Deadlift', 'Dead Bug', 'Dead Hang']);
    expect(names('deadlift')).toEqual(['Conventional Deadlift', 'Romanian Deadlift']);
  });

  it('puts the name itself first, then a word starting with what was typed, then a name only containing it', () => {
    expect(names('plank')).toEqual(['Plank', 'Side Plank']);
    expect(names('running')).toEqual(['Running', 'Trail Running']);
    expect(names('ift')).toEqual(['Conventional Deadlift', 'Romanian Deadlift']);
  });

  it('puts what the person logs most before the common lifts', () => {
    const usage = usageOf([
      { exercises: [{ exerciseId: 'bench-dip' }] },
      { exercises: [{ exerciseId: 'bench-dip' }, { exerciseId: 'dead-hang' }] },
    ]);
    expect(names('bench', 10, usage)).toEqual(['Bench Dip', 'Barbell Bench Press', 'Dumbbell Bench Press']);
    expect(names('dead', 2, usage)).toEqual(['Dead Hang', 'Conventional Deadlift']);
    // Nothing typed: the most used, then the common lifts, in their order.
    expect(names('', 4, usage)).toEqual(['Bench Dip', 'Dead Hang', 'Barbell Back Squat', 'Barbell Bench Press']);
  });

  it('meets "pull up", "pullup" and "PULL-UP", ignores spaces around, finds nothing for an unknown name, and keeps to the limit', () => {
    expect(names('pull up')).toEqual(['Pull-Up']);
    expect(names('pullup')).toEqual(['Pull-Up']);
    expect(names('  PULL-UP ')).toEqual(['Pull-Up']);
    expect(names('curl')).toEqual([]);
    expect(names('e', 3)).toHaveLength(3);
  });
});

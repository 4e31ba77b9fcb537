import { describe, expect, it } from 'vitest';
import { setWithPrevious, supersetLabels } from './superset';

const groups = (exercises: { supersetGroup?: number | null }[]) => exercises.map((e) => e.supersetGroup ?? null);
const four = () => [{}, {}, {}, {}] as { supersetGroup?: number | null }[];

describe('superset groups of the log form', () => {
  it('joins an exercise to the one before, then a third to the same group', () => {
    const two = setWithPrevious(four(), 1, true);
    expect(groups(two)).toEqual([1, 1, null, null]);
    expect(groups(setWithPrevious(two, 2, true))).toEqual([1, 1, 1, null]);
    expect(supersetLabels(setWithPrevious(two, 3, true))).toEqual([
      'Superset 1',
      'Superset 1',
      'Superset 2',
      'Superset 2',
    ]);
  });

  it('taking one out splits the run, and an exercise left alone leaves its group', () => {
    const three = setWithPrevious(setWithPrevious(four(), 1, true), 2, true);
    expect(groups(setWithPrevious(three, 1, false))).toEqual([null, 2, 2, null]);
    expect(groups(setWithPrevious(three, 2, false))).toEqual([1, 1, null, null]);
  });

  it('keeps a stored group it was not asked to change (a past workout edited)', () => {
    expect(groups(setWithPrevious([{ supersetGroup: 2 }, {}, {}], 2, true))).toEqual([2, 3, 3]);
  });
});

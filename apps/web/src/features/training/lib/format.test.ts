import { describe, expect, it } from 'vitest';
import { bestText, displayDistance, formatPace, formatSet, formatWeight, recordText, storedMetres } from './format';

const set = { reps: null, weightKg: null, distanceM: null, durationSec: null };

describe('formatWeight', () => {
  it('shows stored kilograms in the viewer unit, to the tenth', () => {
    expect(formatWeight(72.5, 'kg')).toBe('72.5 kg');
    expect(formatWeight(72.5, 'lb')).toBe('159.8 lb');
    expect(formatWeight(102.058, 'lb')).toBe('225 lb');
    expect(formatWeight(102.058, 'kg')).toBe('102.1 kg');
    expect(formatWeight(0, 'lb')).toBe('0 lb');
  });
});

describe('formatSet and recordText', () => {
  it('write weights in the viewer unit', () => {
    expect(formatSet({ ...set, reps: 5, weightKg: 100 }, 'kg')).toBe('5 × 100 kg');
    expect(formatSet({ ...set, reps: 5, weightKg: 100 }, 'lb')).toBe('5 × 220.5 lb');
    expect(formatSet({ ...set, reps: 12, weightKg: 0 }, 'lb')).toBe('12 reps');
    expect(recordText({ type: 'heaviestWeight', value: 100, weightKg: 100 }, 'lb')).toBe('Heaviest weight 220.5 lb');
    expect(recordText({ type: 'mostReps', value: 8, weightKg: 60 }, 'kg')).toBe('Most reps 8 reps at 60 kg');
  });

  it('say one rep in the singular (issue 47)', () => {
    expect(formatSet({ ...set, reps: 1 }, 'kg')).toBe('1 rep');
    expect(recordText({ type: 'mostReps', value: 1, weightKg: null }, 'kg')).toBe('Most reps 1 rep');
  });

  it('write the timed records as times: a plank held, and the best 5 km', () => {
    expect(recordText({ type: 'longestDuration', value: 90, weightKg: null }, 'kg')).toBe('Longest hold 1 min 30 s');
    expect(recordText({ type: 'fastest5k', value: 1650, weightKg: null }, 'lb')).toBe('Fastest 5 km 27 min 30 s');
  });
});

describe("distances and pace in the person's unit (issue 46)", () => {
  it('shows the pace of a run, a ride or a row per km, or per mile for a person in pounds', () => {
    expect(formatPace(5000, 27 * 60 + 30, 'km')).toBe('5:30 /km');
    expect(formatPace(10_000, 3723, 'km')).toBe('6:12 /km');
    expect(formatPace(1609.344, 480, 'mi')).toBe('8:00 /mi');
    expect(formatPace(5000, null, 'km')).toBeNull();
    expect(formatPace(0, 600, 'km')).toBeNull();
  });

  it('stores a typed distance in metres and shows it back as typed', () => {
    expect(storedMetres(5, 'km')).toBe(5000);
    expect(storedMetres(3.1, 'mi')).toBe(4989);
    expect(displayDistance(5000, 'km')).toBe(5);
    expect(displayDistance(storedMetres(3.1, 'mi'), 'mi')).toBe(3.1);
  });
});

describe('bestText', () => {
  const bests = {
    heaviestWeightKg: null,
    longestDistanceM: null,
    mostReps: null,
    longestDurationSec: null,
    fastest1kSec: null,
    fastest5kSec: null,
    fastest10kSec: null,
  };
  it("writes a run's longest distance in miles for a person in pounds, and an hour's hold with its hours", () => {
    expect(bestText({ ...bests, measure: 'distance_duration', longestDistanceM: 804.672 }, 'lb')).toBe('0.5 mi');
    expect(bestText({ ...bests, measure: 'duration', longestDurationSec: 3725 }, 'kg')).toBe('1:02:05');
    expect(bestText({ ...bests, measure: 'reps', mostReps: 1 }, 'kg')).toBe('1 rep');
    expect(bestText({ ...bests, measure: 'distance_duration', fastest10kSec: 3000, fastest5kSec: 1400 }, 'kg')).toBe(
      '10 km in 50:00',
    );
    expect(bestText({ ...bests, measure: 'weight_reps' }, 'kg')).toBeNull();
  });
});

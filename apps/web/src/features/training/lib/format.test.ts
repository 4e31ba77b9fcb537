import { describe, expect, it } from 'vitest';
import { formatSet, formatWeight, recordText } from './format';

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
});

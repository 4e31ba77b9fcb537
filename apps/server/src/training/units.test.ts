import { describe, expect, it } from 'vitest';
import { displayWeight, kgPerLb, roundTo, storedWeightKg } from './units';

describe('kg and lb', () => {
  it('shows stored kilograms in either unit, to the tenth', () => {
    expect(displayWeight(100, 'kg')).toBe(100);
    expect(displayWeight(62.45, 'kg')).toBe(62.5);
    expect(displayWeight(100, 'lb')).toBe(220.5);
    expect(displayWeight(20, 'lb')).toBe(44.1);
  });

  it('stores what was typed in pounds as kilograms to the gram', () => {
    expect(storedWeightKg(225, 'lb')).toBe(102.058);
    expect(storedWeightKg(45, 'lb')).toBe(20.412);
    expect(storedWeightKg(102.5, 'kg')).toBe(102.5);
  });

  it('gives back every tenth of a pound up to 1000 kg as it was typed', () => {
    for (let tenths = 0; tenths <= Math.floor((1000 / kgPerLb) * 10); tenths++) {
      const typed = tenths / 10;
      expect(displayWeight(storedWeightKg(typed, 'lb'), 'lb')).toBe(typed);
    }
  });

  it('rounds halves away from zero, binary fractions included', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.5, 0)).toBe(3);
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3);
  });
});

import { describe, expect, it } from 'vitest';
import { displayWeight, kgPerLb, roundTo, storedWeightKg } from './units';

describe('kg and lb', () => {
  it('shows stored kilograms in either unit, to the tenth', () => {
    expect(displayWeight(100, 'kg')).toBe(100);
    expect(displayWeight(72.5, 'kg')).toBe(72.5);
    expect(displayWeight(62.45, 'kg')).toBe(62.5);
    expect(displayWeight(102.058, 'kg')).toBe(102.1);
    expect(displayWeight(72.5, 'lb')).toBe(159.8);
    expect(displayWeight(100, 'lb')).toBe(220.5);
    expect(displayWeight(20, 'lb')).toBe(44.1);
  });

  it('shows nothing lifted as 0 and a few grams as 0, in either unit', () => {
    for (const unit of ['kg', 'lb'] as const) {
      expect(displayWeight(0, unit)).toBe(0);
      expect(displayWeight(0.001, unit)).toBe(0);
      expect(displayWeight(0.04, unit)).toBe(unit === 'kg' ? 0 : 0.1);
    }
    expect(displayWeight(0.05, 'kg')).toBe(0.1);
    expect(storedWeightKg(0, 'lb')).toBe(0);
    expect(storedWeightKg(0.1, 'lb')).toBe(0.045);
    expect(storedWeightKg(0.0004, 'kg')).toBe(0);
  });

  it('stores what was typed in pounds as kilograms to the gram', () => {
    expect(storedWeightKg(100, 'lb')).toBe(45.359);
    expect(storedWeightKg(225, 'lb')).toBe(102.058);
    expect(storedWeightKg(45, 'lb')).toBe(20.412);
    expect(storedWeightKg(102.5, 'kg')).toBe(102.5);
    expect(storedWeightKg(82.1234, 'kg')).toBe(82.123);
  });

  it('brings typed pounds back as typed: 100 lb and 225 lb', () => {
    expect(displayWeight(storedWeightKg(100, 'lb'), 'lb')).toBe(100);
    expect(displayWeight(storedWeightKg(225, 'lb'), 'lb')).toBe(225);
  });

  it('gives back every tenth of a kilogram up to 1000 kg, through pounds and back', () => {
    for (let tenths = 0; tenths <= 1000 * 10; tenths++) {
      const kg = tenths / 10;
      expect(displayWeight(storedWeightKg(displayWeight(kg, 'lb'), 'lb'), 'kg')).toBe(kg);
    }
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
    expect(roundTo(0, 1)).toBe(0);
  });
});

import type { WeightUnit } from './training';

/**
 * Kilograms and pounds, in one place for both apps: weights are stored in kg (to the gram) and shown
 * in the person's unit (to a tenth). The server reads pounds from imported files with `storedWeightKg`;
 * the web app sends typed pounds with it and shows every weight with `displayWeight`.
 */

/** The international pound, exactly (1959 agreement). */
export const kgPerLb = 0.45359237;

/** Rounds half away from zero at `decimals`, without 1.005 -> 1.00 surprises of binary fractions. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.sign(value) * (Math.round(Math.abs(value) * factor + 1e-9) / factor);
}

/** A stored weight as shown in the person's unit, to a tenth (the finest plate anyone loads is 0.25 kg). */
export function displayWeight(kg: number, unit: WeightUnit): number {
  return roundTo(unit === 'kg' ? kg : kg / kgPerLb, 1);
}

/**
 * A weight typed in the person's unit, as stored: kg to the gram. A gram is fine enough that every
 * tenth of a pound comes back as typed (225 lb -> 102.058 kg -> 225.0 lb).
 */
export function storedWeightKg(value: number, unit: WeightUnit): number {
  return roundTo(unit === 'kg' ? value : value * kgPerLb, 3);
}

/**
 * A figure against its target, and by how much it passes or misses. Apart from the tables
 * (tables.ts) because the scenarios that set targets (scenarios/conversation-and-training.ts) use it
 * and the tables print those scenarios' rows: neither imports the other.
 */
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (ratio: number) => `${fmt(ratio * 100, 1)} %`;

export interface Target {
  figure: string;
  target: string;
  measured: string;
  /** null when it could not be measured in this run (then `note` says why) */
  pass: boolean | null;
  /** by how much it passes or misses, in words */
  margin: string;
}

/** Compares a measured value with an upper or lower bound and says by how much it passes or misses. */
export function judge(
  figure: string,
  value: number | null,
  bound: number,
  kind: 'max' | 'min',
  unit: string,
  digits = 1,
): Target {
  const target = `${kind === 'max' ? '≤' : '≥'} ${fmt(bound, unit === '×' ? 1 : bound < 1 ? 2 : 0)}${unit === '×' ? '×' : ` ${unit}`}`;
  if (value === null || Number.isNaN(value)) return { figure, target, measured: '—', pass: null, margin: '' };
  const measured = unit === '×' ? `${fmt(value, 2)}×` : `${fmt(value, digits)} ${unit}`;
  const pass = kind === 'max' ? value <= bound : value >= bound;
  const factor = kind === 'max' ? value / bound : bound / value;
  const margin = pass
    ? `${pct(1 - factor)} headroom`
    : factor < 1.1
      ? `${pct(factor - 1)} over`
      : `off by ${fmt(factor, 2)}×`;
  return { figure, target, measured, pass, margin };
}

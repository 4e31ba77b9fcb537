/** The progress chart's range picker: the last 4 weeks, 3 months, a year, or everything. */
export const chartRanges = [
  { value: '4w', label: '4 weeks', days: 28 },
  { value: '3m', label: '3 months', days: 91 },
  { value: '1y', label: 'A year', days: 365 },
  { value: 'all', label: 'All', days: null },
] as const;
export type ChartRange = (typeof chartRanges)[number]['value'];

const daySec = 86_400;

/** The points dated within the range, up to `now` (both in seconds since the epoch); all for 'all'. */
export function pointsInRange<P extends { date: string }>(points: readonly P[], range: ChartRange, now: number): P[] {
  const days = chartRanges.find((r) => r.value === range)?.days ?? null;
  if (days === null) return [...points];
  const since = now - days * daySec;
  return points.filter((p) => Date.parse(p.date) / 1000 >= since);
}

/**
 * The time axis around the data, in seconds: one point sits in the middle of a week; several span
 * from the first to the last with a twentieth of their span on each side (at least half a day) so
 * that neither end is clipped. Never uPlot's own guess, which put one workout on an axis of years
 * ahead (Mar 2027 -> Jun 2029); null when there is nothing to draw.
 */
export function timeAxis(times: readonly number[]): [number, number] | null {
  if (times.length === 0) return null;
  const first = Math.min(...times);
  const last = Math.max(...times);
  if (first === last) return [first - 3.5 * daySec, last + 3.5 * daySec];
  const pad = Math.max((last - first) / 20, daySec / 2);
  return [first - pad, last + pad];
}

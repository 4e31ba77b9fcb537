import type { ExerciseMeasure, WeightUnit } from '@spotter/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './progress-chart.css';
import { formatDay } from '../../../lib/dates';
import { useProgress } from '../api/training-queries';
import { type ChartRange, chartRanges, pointsInRange, timeAxis } from '../lib/chart-range';
import { progressLines, valueText } from '../lib/progress-series';

const height = 220;
const colours = ['--color-accent', '--color-link'] as const;
const fallbacks = ['#c4302b', '#1a54b8'] as const;

/**
 * One exercise's progress per session, drawn by uPlot (this chunk alone loads it), in what the
 * exercise is measured by (progress-series.ts), over the chosen range, as wide as its box.
 */
export default function ProgressChart({
  username,
  exerciseId,
  measure,
  unit,
}: {
  username: string;
  exerciseId: string;
  measure: ExerciseMeasure;
  unit: WeightUnit;
}) {
  const { data: all } = useProgress(username, exerciseId);
  const [range, setRange] = useState<ChartRange>('all');
  const box = useRef<HTMLDivElement>(null);
  const points = useMemo(() => (all ? pointsInRange(all, range, Date.now() / 1000) : undefined), [all, range]);
  const lines = useMemo(() => (points ? progressLines(points, measure, unit) : []), [points, measure, unit]);

  useEffect(() => {
    const element = box.current;
    if (!element || !points || points.length === 0) return;
    const styles = getComputedStyle(element);
    const text = styles.getPropertyValue('--color-text').trim() || '#1b1b1f';
    const times = points.map((p) => Date.parse(p.date) / 1000);
    const xRange = timeAxis(times);
    const grid = { stroke: 'rgba(128,128,128,0.2)' };
    const scales = [...new Set(lines.map((l) => l.scale))];
    const chart = new uPlot(
      {
        // The box's own width: a fixed minimum made the page scroll sideways on a phone.
        width: element.clientWidth,
        height,
        scales: {
          x: { time: true, range: () => xRange ?? [0, 1] },
          ...Object.fromEntries(
            scales.map((scale) => [
              scale,
              // One value alone gets room above and below instead of a flat line at an edge.
              {
                range: (_u: uPlot, min: number, max: number) =>
                  min === max ? [min * 0.9, max * 1.1 || 1] : [min, max],
              },
            ]),
          ),
        },
        series: [
          {},
          ...lines.map((line, i) => ({
            label: line.label,
            scale: line.scale,
            stroke: styles.getPropertyValue(colours[i] ?? '--color-accent').trim() || fallbacks[i] || fallbacks[0],
            width: 2,
            points: { show: true, size: 6 },
            value: (_u: uPlot, v: number | null) => (v === null ? '–' : valueText(v, line.kind)),
            ...(i > 0 ? { dash: [6, 4] } : {}),
          })),
        ],
        axes: [
          { stroke: text, grid },
          ...scales.map((scale, i) => {
            const kind = lines.find((l) => l.scale === scale)?.kind ?? 'number';
            return {
              scale,
              stroke: text,
              grid: i === 0 ? grid : { show: false },
              ...(i > 0 ? { side: 1 } : {}),
              values: (_u: uPlot, ticks: number[]) => ticks.map((v) => valueText(v, kind)),
            };
          }),
        ],
      },
      [times, ...lines.map((l) => l.values)],
      element,
    );
    // Follows its box: a phone turned, a window resized.
    const resized = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      chart.destroy();
    };
  }, [points, lines]);

  if (all && all.length === 0) return <p>No sessions of this exercise yet.</p>;
  return (
    <figure className="progress-chart" data-testid="progress-chart">
      <fieldset className="progress-chart__range">
        <legend className="visually-hidden">Range</legend>
        {chartRanges.map((r) => (
          <label key={r.value}>
            <input
              type="radio"
              name={`range-${exerciseId}`}
              value={r.value}
              checked={range === r.value}
              onChange={() => setRange(r.value)}
            />
            {r.label}
          </label>
        ))}
      </fieldset>
      {points && points.length === 0 ? (
        <p>No sessions in this range.</p>
      ) : (
        <div ref={box} className="progress-chart__plot" />
      )}
      <figcaption className="visually-hidden">
        {points
          ? points
              .map(
                (p, i) =>
                  `${formatDay(p.date)}: ${lines
                    .map((l) => {
                      const value = l.values[i];
                      return value == null ? `no ${l.label}` : l.said(valueText(value, l.kind));
                    })
                    .join(', ')}`,
              )
              .join('; ')
          : 'Loading'}
      </figcaption>
    </figure>
  );
}

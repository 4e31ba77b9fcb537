import { displayWeight, type WeightUnit } from '@spotter/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatDay } from '../../../lib/dates';
import { useProgress } from '../api/training-queries';
import { formatWeight } from '../lib/format';

/** One exercise's best weight and e1RM per session, drawn by uPlot (this chunk alone loads it). */
export default function ProgressChart({
  username,
  exerciseId,
  unit,
}: {
  username: string;
  exerciseId: string;
  unit: WeightUnit;
}) {
  const { data: points } = useProgress(username, exerciseId);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element || !points || points.length === 0) return;
    const styles = getComputedStyle(element);
    const text = styles.getPropertyValue('--color-text').trim() || '#1b1b1f';
    const accent = styles.getPropertyValue('--color-accent').trim() || '#c4302b';
    const link = styles.getPropertyValue('--color-link').trim() || '#1a54b8';
    const weight = (kg: number | null) => (kg === null ? null : displayWeight(kg, unit));
    const data: uPlot.AlignedData = [
      points.map((p) => Date.parse(p.date) / 1000),
      points.map((p) => weight(p.bestWeightKg)),
      points.map((p) => weight(p.e1rmKg)),
    ];
    const axis = { stroke: text, grid: { stroke: 'rgba(128,128,128,0.2)' } };
    const chart = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: 220,
        series: [
          {},
          { label: `Best weight (${unit})`, stroke: accent, width: 2 },
          { label: `e1RM (${unit})`, stroke: link, width: 2, dash: [6, 4] },
        ],
        axes: [axis, axis],
      },
      data,
      element,
    );
    return () => chart.destroy();
  }, [points, unit]);

  if (points && points.length === 0) return <p>No sessions of this exercise yet.</p>;
  return (
    <figure className="progress-chart" data-testid="progress-chart">
      <div ref={box} />
      <figcaption className="visually-hidden">
        {points
          ? points
              .map(
                (p) =>
                  `${formatDay(p.date)}: ${p.bestWeightKg === null ? '–' : formatWeight(p.bestWeightKg, unit)} best`,
              )
              .join('; ')
          : 'Loading'}
      </figcaption>
    </figure>
  );
}

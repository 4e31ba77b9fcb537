import type { ExerciseRecords } from '@spotter/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileRecords } from './profile-training';

// The chart (uPlot on a canvas) is not what these tests look at: its lazy chunk is a stand-in.
vi.mock('./progress-chart', () => ({ default: () => <div data-testid="progress-chart" /> }));

const none = {
  heaviestWeightKg: null,
  bestE1rmKg: null,
  bestVolumeKg: null,
  longestDistanceM: null,
  fastestPaceSecPerKm: null,
  mostReps: null,
  longestDurationSec: null,
  fastest1kSec: null,
  fastest5kSec: null,
  fastest10kSec: null,
  sessions: 1,
  lastPerformedAt: '2026-12-01T07:00:00.000+00:00',
};
const row = (exerciseId: string, name: string, measure: ExerciseRecords['measure'], bests: Partial<ExerciseRecords>) =>
  ({ ...none, exerciseId, name, measure, ...bests }) as ExerciseRecords;

const records: ExerciseRecords[] = [
  row('barbell-deadlift', 'Deadlift', 'weight_reps', { heaviestWeightKg: 160, bestE1rmKg: 170, mostReps: 5 }),
  row('plank', 'Plank', 'duration', { longestDurationSec: 90 }),
  row('pull-up', 'Pull-Up', 'reps', { mostReps: 8 }),
  row('running', 'Running', 'distance_duration', {
    longestDistanceM: 6000,
    fastestPaceSecPerKm: 300,
    fastest1kSec: 290,
    fastest5kSec: 1650,
  }),
  row('rowing', 'Rowing', 'distance_duration', { longestDistanceM: 800, fastestPaceSecPerKm: 240 }),
  row('dip', 'Dip', 'weight_reps', { mostReps: 12 }),
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ records }), { headers: { 'content-type': 'application/json' } })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function bestOf(name: string) {
  const header = await screen.findByRole('rowheader', { name });
  const cells = within(header.closest('tr') as HTMLElement).getAllByRole('cell');
  return cells[0]?.textContent;
}

describe('the profile Records table', () => {
  beforeEach(() => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ProfileRecords username="maya" />
      </QueryClientProvider>,
    );
  });

  it("shows a lift's heaviest weight", async () => {
    expect(await bestOf('Deadlift')).toBe('160 kg');
  });

  it("shows a plank's longest hold as a time", async () => {
    expect(await bestOf('Plank')).toBe('1:30');
  });

  it("shows pull-ups' most reps", async () => {
    expect(await bestOf('Pull-Up')).toBe('8 reps');
  });

  it("shows a run's best time over the longest race distance it covered", async () => {
    expect(await bestOf('Running')).toBe('5 km in 27:30');
  });

  it('shows the longest distance when no set covered a kilometre', async () => {
    expect(await bestOf('Rowing')).toBe('800 m');
  });

  it('shows the reps of a lift logged without a load, never a dash', async () => {
    expect(await bestOf('Dip')).toBe('12 reps');
    const bests = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(bests).toHaveLength(records.length);
    expect(bests).not.toContain('–');
  });
});

import type { Workout } from '@spotter/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileWorkouts } from './profile-training';

const workout = (n: number): Workout => ({
  _id: `b7d3c2a0-0000-4000-8000-00000000000${n}`,
  username: 'maya',
  title: `Session ${n}`,
  startedAt: `2026-10-0${n}T07:00:00.000Z`,
  durationSec: 3600,
  notes: '',
  routineId: null,
  totalVolumeKg: 0,
  exercises: [],
  records: [],
  createdAt: `2026-10-0${n}T07:00:00.000Z`,
  updatedAt: `2026-10-0${n}T07:00:00.000Z`,
});

const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const page = url.includes('cursor=next')
        ? { workouts: [workout(1)], nextCursor: null }
        : { workouts: [workout(3), workout(2)], nextCursor: 'next' };
      return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the profile Workouts tab', () => {
  it('loads the next page with "More workouts" (the keyset cursor) until there is none', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ProfileWorkouts username="maya" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Session 3')).toBeTruthy();
    expect(screen.queryByText('Session 1')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'More workouts' }));
    expect(await screen.findByText('Session 1')).toBeTruthy();
    expect(screen.getByText('Session 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More workouts' })).toBeNull();
    expect(asked.at(-1)).toContain('cursor=next');
  });

  it("opens each workout's page from its card (issue 46)", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ProfileWorkouts username="maya" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: 'Session 3' });
    expect(link.getAttribute('href')).toBe(`/workouts/${workout(3)._id}`);
  });
});

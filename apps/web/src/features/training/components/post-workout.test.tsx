import { routes, type WorkoutSummary } from '@spotter/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session';
import { isCall, stubApi } from '../../../testing/api-stub';
import { jsonResponse, renderWithApp } from '../../../testing/render';
import { signInAs, testUser } from '../../../testing/session';
import { PostWorkout } from './post-workout';

/** A workout card as a remote post brings it (issue 49): its exercises have no id of this server. */
const summary: WorkoutSummary = {
  _id: 'remote-1',
  title: 'Morning pulls',
  startedAt: '2026-12-06T06:00:00.000+00:00',
  durationSec: 2700,
  totalVolumeKg: 1500,
  exercises: [
    {
      exerciseId: 'conventional-deadlift',
      name: 'Conventional Deadlift',
      measure: 'weight_reps',
      setCount: 3,
      bestSet: { type: 'normal', reps: 5, weightKg: 100, distanceM: null, durationSec: null, rpe: null },
    },
  ],
  records: [],
};

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('"Copy to my log" on a post\'s workout card', () => {
  it('copies the workout into the log, says so and links to it; or saves it as a routine', async () => {
    signInAs(testUser());
    const calls = stubApi((call) => {
      if (isCall(call, routes.workoutFromPost))
        return jsonResponse(201, { workout: { _id: 'w9', title: 'Morning pulls' } });
      if (isCall(call, routes.routineFromPost))
        return jsonResponse(201, { routine: { _id: 'r4', title: 'Morning pulls' } });
      return undefined;
    });
    renderWithApp(<PostWorkout workout={summary} postId="p1" />);
    expect(screen.getByRole('region', { name: 'Workout: Morning pulls' }).textContent).toContain(
      'Conventional Deadlift',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Copy to my log' }));
    expect(await screen.findByText(/Copied to your log\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the workout' }).getAttribute('href')).toBe('/workouts/w9');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/workouts/from-post/p1']);

    await userEvent.click(screen.getByRole('button', { name: 'Copy as routine' }));
    expect(await screen.findByText(/Saved as one of your routines\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your routines' }).getAttribute('href')).toBe('/workout/new');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/workouts/from-post/p1',
      '/api/routines/from-post/p1',
    ]);
  });

  it("says the server's reason when the copy is refused", async () => {
    signInAs(testUser());
    stubApi(() => jsonResponse(404, { errors: ['This post carries no workout.'] }));
    renderWithApp(<PostWorkout workout={summary} postId="p1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy to my log' }));
    expect(await screen.findByText('This post carries no workout.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open the workout' })).toBeNull();
  });

  it('offers no copy to someone signed out: the card alone', () => {
    renderWithApp(<PostWorkout workout={summary} postId="p1" />);
    expect(screen.getByRole('region', { name: 'Workout: Morning pulls' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy to my log' })).toBeNull();
  });
});

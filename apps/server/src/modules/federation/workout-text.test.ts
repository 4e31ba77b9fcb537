import type { FederatedWorkout } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { workoutText } from './workout-text';

const set = (
  reps: number | null,
  weightKg: number | null,
  extra: Partial<FederatedWorkout['exercises'][0]['sets'][0]> = {},
) => ({
  type: 'normal' as const,
  reps,
  weightKg,
  distanceM: null,
  durationSec: null,
  rpe: null,
  done: true,
  ...extra,
});

const workout = (
  exercises: FederatedWorkout['exercises'],
  records: FederatedWorkout['records'] = [],
): FederatedWorkout => ({
  title: 'Pull day',
  startedAt: '2026-12-06T07:30:00Z',
  durationSec: 3600,
  exercises,
  records,
});

const deadlift = { key: 'conventional-deadlift', name: 'Conventional Deadlift', measure: 'weight_reps' as const };

describe('the line a workout Note begins with', () => {
  it('says equal sets as sets × reps at a weight in kg, warm-ups and sets not done left out, and a record', () => {
    const text = workoutText(
      workout(
        [
          {
            ...deadlift,
            sets: [set(5, 60, { type: 'warmup' }), set(5, 160), set(5, 160), set(5, 160), set(5, 180, { done: false })],
          },
        ],
        [
          {
            key: 'conventional-deadlift',
            exercise: 'Conventional Deadlift',
            type: 'heaviestWeight',
            value: 160,
            weightKg: null,
          },
        ],
      ),
    );
    expect(text).toBe('Conventional Deadlift 3 × 5 at 160 kg, new record');
  });

  it('says uneven sets by their top set, bodyweight sets by reps, holds and runs by time and distance', () => {
    const text = workoutText(
      workout([
        {
          key: 'barbell-back-squat',
          name: 'Barbell Back Squat',
          measure: 'weight_reps',
          sets: [set(5, 140), set(3, 152.5)],
        },
        { key: 'pull-up', name: 'Pull-Up', measure: 'reps', sets: [set(10, null), set(10, null)] },
        { key: 'plank', name: 'Plank', measure: 'duration', sets: [set(null, null, { durationSec: 90 })] },
        {
          key: null,
          name: 'Hill run',
          measure: 'distance_duration',
          sets: [set(null, null, { distanceM: 5000, durationSec: 1530 })],
        },
      ]),
    );
    expect(text).toBe(
      'Barbell Back Squat 2 sets, top 3 × 152.5 kg; Pull-Up 2 × 10; Plank 1:30; Hill run 5 km in 25:30',
    );
  });

  it('names four exercises and counts the rest', () => {
    const many = ['A', 'B', 'C', 'D', 'E', 'F'].map((name) => ({
      key: null,
      name,
      measure: 'reps' as const,
      sets: [set(8, null)],
    }));
    expect(workoutText(workout(many))).toBe('A 1 × 8; B 1 × 8; C 1 × 8; D 1 × 8; and 2 more exercises');
  });
});

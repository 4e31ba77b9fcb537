import { describe, expect, it } from 'vitest';
import { plainRefusal, refusalProblems } from './refusal';

const places = { exercises: [{ exerciseId: 'e1', setIds: ['s1', 's3'] }] };

describe('a refused workout in plain words (issue 46)', () => {
  it('files each refused field under its box, through the sets that were sent', () => {
    expect(
      refusalProblems(
        [
          'workout.exercises.0.sets.1.reps: needs reps for this exercise',
          'workout.exercises.0.sets.0.weightKg: must be between 0 and 1000 kg',
          'workout.startedAt: must be between the years 1900 and 2200',
          'workout.exercises.0.exerciseId: Exercise not found',
          'Too many requests',
        ],
        places,
      ),
    ).toEqual({
      problems: {
        's3.reps': 'Type the reps',
        's1.weight': 'The weight must be between 0 and 1000 kg',
        date: 'The day must be between the years 1900 and 2200',
        'e1.exercise': 'This exercise is not in your catalogue any more: remove it',
      },
      rest: ['Too many requests'],
    });
  });

  it('says where a waiting workout was refused without the path', () => {
    expect(plainRefusal('workout.exercises.1.sets.0.durationSec: needs durationSec for this exercise')).toBe(
      'Exercise 2, set 1: Type the time',
    );
    expect(plainRefusal('workout.title: is required')).toBe('The title is required');
    expect(plainRefusal('Exercise not found')).toBe('Exercise not found');
  });
});

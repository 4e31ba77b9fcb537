import { Create, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { FederatedWorkout } from '@spotter/contract/schemas';
import { describe, expect, it } from 'vitest';
import { sentJsonOf, sentWorkoutOf } from './workout-from-note';
import { spotterContext, WorkoutCreate, workoutNoteOf, workoutProperty } from './workout-note';

const workout: FederatedWorkout = {
  title: 'Pull day',
  startedAt: '2026-12-06T07:30:00.000Z',
  durationSec: 3600,
  totalVolumeKg: 2400,
  exercises: [
    {
      key: 'conventional-deadlift',
      name: 'Conventional Deadlift',
      measure: 'weight_reps',
      sets: [1, 2, 3].map(() => ({
        type: 'normal' as const,
        reps: 5,
        weightKg: 160,
        distanceM: null,
        durationSec: null,
        rpe: 8.5,
        done: true,
      })),
    },
  ],
  records: [
    {
      key: 'conventional-deadlift',
      exercise: 'Conventional Deadlift',
      type: 'heaviestWeight',
      value: 160,
      weightKg: null,
    },
  ],
};

const note = () =>
  workoutNoteOf(
    new Note({
      id: new URL('https://spotter.example/ap/posts/p1'),
      attribution: new URL('https://spotter.example/ap/users/u1'),
      content: '<p>Felt strong</p>',
      tos: [PUBLIC_COLLECTION],
    }),
    workout,
  );

describe('a workout post as JSON-LD', () => {
  it('is a Note whose text begins with the workout in words and whose data is spotter:workout', async () => {
    const json = (await note().toJsonLd()) as Record<string, unknown>;
    expect(json.type).toBe('Note');
    expect(json.content).toBe('<p>Conventional Deadlift 3 × 5 at 160 kg, new record</p><p>Felt strong</p>');
    expect(json['spotter:workout']).toEqual(workout);
    expect(json['@context']).toEqual(expect.arrayContaining(['https://www.w3.org/ns/activitystreams', spotterContext]));
    // Valid JSON-LD for any reader: Fedify parses it back, and the term expands to Spotter's IRI.
    const parsed = await Note.fromJsonLd(json);
    expect(parsed.id?.href).toBe('https://spotter.example/ap/posts/p1');
    const expanded = (await note().toJsonLd({ format: 'expand' })) as Record<string, unknown>[];
    expect(expanded[0]?.[workoutProperty]).toEqual([{ '@type': '@json', '@value': workout }]);
  });

  it('travels inside its Create as spotter:workout, read back from the JSON a receiver parsed', async () => {
    const sent = note();
    const create = new Create({
      id: new URL('https://spotter.example/ap/posts/p1#create'),
      actor: new URL('https://spotter.example/ap/users/u1'),
      object: sent,
      tos: [PUBLIC_COLLECTION],
    });
    Object.setPrototypeOf(create, WorkoutCreate.prototype);
    const json = (await create.toJsonLd({ format: 'compact' })) as Record<string, Record<string, unknown>>;
    expect(json.object?.['spotter:workout']).toEqual(workout);
    // What the receiving Spotter does with it: Fedify's objects, and the JSON they came from.
    const received = await Create.fromJsonLd(json);
    const receivedNote = (await received.getObject()) as Note;
    expect(await sentWorkoutOf(await sentJsonOf(received), receivedNote)).toEqual(workout);
    // As a receiving Fedify compacts it again (its context does not name the term): under the IRI.
    const recompacted = {
      object: { id: receivedNote.id?.href, [workoutProperty]: { type: '@json', '@value': workout } },
    };
    expect(await sentWorkoutOf(recompacted, receivedNote)).toEqual(workout);
  });
});

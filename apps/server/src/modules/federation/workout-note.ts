import type { Context } from '@fedify/fedify';
import { Create, Note } from '@fedify/vocab';
import type { FederatedWorkout } from '@spotter/contract/schemas';
import type { AppContext } from '../../context';
import { federatedWorkoutOfLocal } from '../training';
import { textToHtml } from './notes';
import type { LocalNote } from './queries/posts';
import { workoutText } from './workout-text';

/**
 * Spotter's JSON-LD namespace (decision 095): one fixed IRI for every server, so the same property
 * means the same thing whichever Spotter sent it. It names, and is never fetched: each document
 * carries the term's definition in its own `@context`, as Mastodon's `toot:` terms are carried.
 */
export const spotterNamespace = 'https://spotter.fitness/ns#';
export const workoutProperty = `${spotterNamespace}workout`;
/** The key a workout is under in a compacted document. */
export const workoutTerm = 'spotter:workout';
/** A JSON literal (`@json`): its inner keys are ours, kept as they are by every JSON-LD processor. */
export const spotterContext = {
  spotter: spotterNamespace,
  [workoutTerm]: { '@id': workoutProperty, '@type': '@json' },
};

type JsonLdOptions = NonNullable<Parameters<Note['toJsonLd']>[0]>;
type JsonObject = Record<string, unknown>;

const asList = (context: unknown): unknown[] =>
  context === undefined ? [] : Array.isArray(context) ? context : [context];

/** A compacted or expanded document with the workout added (and, compacted, its term defined). */
export function withWorkoutJson(json: unknown, workout: FederatedWorkout, format: JsonLdOptions['format']): unknown {
  if (format === 'expand') {
    const nodes = Array.isArray(json) ? json : [json];
    const [first, ...rest] = nodes as JsonObject[];
    return [{ ...first, [workoutProperty]: [{ '@type': '@json', '@value': workout }] }, ...rest];
  }
  const node = { ...(json as JsonObject) };
  if ('@context' in node) node['@context'] = [...asList(node['@context']), spotterContext];
  node[workoutTerm] = workout;
  return node;
}

const workouts = new WeakMap<Note, FederatedWorkout>();

/**
 * A Note that carries a workout. Fedify's vocabulary keeps only the properties it knows, so this one
 * adds `spotter:workout` to whatever Fedify makes of the Note: as fetched (`/ap/posts/<id>`) and inside
 * the Create it is delivered in (expanded there, then compacted by WorkoutCreate).
 */
export class WorkoutNote extends Note {
  override clone(...args: Parameters<Note['clone']>): Note {
    const copy = super.clone(...args);
    const workout = workouts.get(this);
    if (workout) workouts.set(copy, workout);
    return copy;
  }

  override async toJsonLd(options: JsonLdOptions = {}): Promise<unknown> {
    const json = await super.toJsonLd(options);
    const workout = workouts.get(this);
    return workout ? withWorkoutJson(json, workout, options.format) : json;
  }
}

let createContext: unknown[] | undefined;

/**
 * The Create of a WorkoutNote: compacted with Fedify's own context plus Spotter's, so the workout is
 * `spotter:workout` and not a bare IRI. Fedify clones an activity to sign it (the Object Integrity
 * Proof); a clone is made by its class, so the proof covers these same bytes.
 */
export class WorkoutCreate extends Create {
  override async toJsonLd(options: JsonLdOptions = {}): Promise<unknown> {
    if (options.format === 'expand' || options.context !== undefined) return super.toJsonLd(options);
    if (!createContext) {
      const plain = (await super.toJsonLd({ ...options, format: 'compact' })) as JsonObject;
      createContext = asList(plain['@context']);
    }
    const context = [...createContext, spotterContext] as JsonLdOptions['context'];
    return super.toJsonLd({ ...options, format: 'compact', context });
  }
}

/**
 * A Note made a workout post's: its text begins with the workout in words (workout-text.ts), and it
 * carries the workout as data. `hasCaption` false: the post had no text of its own.
 */
export function workoutNoteOf(note: Note, workout: FederatedWorkout, hasCaption = true): WorkoutNote {
  const caption = hasCaption && typeof note.content === 'string' ? note.content : '';
  const withText = note.clone({ content: `${textToHtml(workoutText(workout))}${caption}` });
  // Fedify's clone() makes the class it is called on: the Note is made a WorkoutNote after the fact.
  Object.setPrototypeOf(withText, WorkoutNote.prototype);
  workouts.set(withText, workout);
  return withText as WorkoutNote;
}

/** A local post's Note as it leaves: a workout post's as workoutNoteOf makes it, any other as it is. */
export async function withWorkout(ctx: Context<AppContext>, post: LocalNote, note: Note): Promise<Note> {
  if (!post.workout_id) return note;
  const workout = await federatedWorkoutOfLocal(ctx.data.db, post.workout_id);
  return workout ? workoutNoteOf(note, workout, post.content.trim() !== '') : note;
}

/** The Create of a Note, made a WorkoutCreate when the Note carries a workout. */
export function withWorkoutCreate(create: Create, note: Note): Create {
  if (note instanceof WorkoutNote) Object.setPrototypeOf(create, WorkoutCreate.prototype);
  return create;
}

import type { Create, Note } from '@fedify/vocab';
import { postContentMaxLength } from '@spotter/contract';
import type { FederatedWorkout } from '@spotter/contract/schemas';
import { parseFederatedWorkout, remoteWorkoutSummary } from '../training';
import { htmlToText, textToHtml } from './notes';
import { workoutProperty, workoutTerm } from './workout-note';
import { workoutText } from './workout-text';

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The JSON an activity came as. Fedify's vocabulary drops the properties it does not know but keeps
 * the JSON it parsed, until a property is fetched (its actor, say): so this is read first thing, and
 * read synchronously, as toJsonLd() answers what it kept before its first await.
 */
export const sentJsonOf = (create: Create): Promise<unknown> => create.toJsonLd().catch(() => undefined);

/**
 * The `spotter:workout` value of a Note as it was sent: in the Create's JSON when the Note came inside
 * it, else in the Note's own (fetched by its id). Compacted by a Spotter the key is `spotter:workout`
 * and the value the workout; under another context it may be the bare IRI, and the value a `@json`
 * literal.
 */
export async function sentWorkoutOf(sent: unknown, note: Note): Promise<unknown> {
  const embedded = isObject(sent) ? sent.object : undefined;
  const node =
    isObject(embedded) && (embedded.id === note.id?.href || embedded['@id'] === note.id?.href)
      ? embedded
      : await note.toJsonLd();
  if (!isObject(node)) return undefined;
  let value = node[workoutTerm] ?? node[workoutProperty];
  if (Array.isArray(value)) value = value[0];
  if (isObject(value) && '@value' in value) value = value['@value'];
  return value;
}

/** A Note's text as a post keeps it, without the first paragraph when it is the workout in words. */
function captionOf(html: string, workout: FederatedWorkout): string {
  const line = textToHtml(workoutText(workout));
  return htmlToText(html.startsWith(line) ? html.slice(line.length) : html).slice(0, postContentMaxLength);
}

/**
 * What a Note from another server adds to its post when it carries a workout that passes the
 * contract's schema: the workout (its card's summary, and every set for "Copy to my log"), and the
 * text without the line that said the workout in words, which the card shows. Anything else, or a
 * workout that does not pass, adds nothing: the post is the Note's text alone.
 */
export async function workoutFromNote(sent: unknown, note: Note) {
  const workout = parseFederatedWorkout(await sentWorkoutOf(sent, note).catch(() => undefined));
  if (!workout) return {};
  return {
    content: captionOf(String(note.content ?? ''), workout),
    workout: { id: null, summary: JSON.stringify(remoteWorkoutSummary(workout)), data: JSON.stringify(workout) },
  };
}

import type { Routine } from '@spotter/contract';
import { routineResponseSchema, routinesResponseSchema } from '@spotter/contract/schemas';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { withoutValidation } from '../../http/serializer-schema';

type JsonSchema = { [key: string]: unknown };

/**
 * The order `routineAnswer` builds a routine's and an exercise's properties in (routine-answer.ts):
 * the serializer writes them in its schema's order, which must be the answer's for the text to be
 * JSON.stringify's. A property left out of the answer (`last` without `?with=last`) is left out. A
 * set's properties keep the contract's order, the one they are stored and answered in.
 */
const answerOrder = {
  routine: ['_id', 'title', 'notes', 'exercises', 'createdAt', 'updatedAt'],
  exercise: ['exerciseId', 'notes', 'restSec', 'supersetGroup', 'sets', 'name', 'category', 'measure', 'last'],
} as const;
type Kind = keyof typeof answerOrder;

/** What the objects under a property are: a routine (`routine`, `routines`' items) or an exercise. */
const kindUnder = (name: string): Kind | undefined =>
  name === 'routines' || name === 'routine' ? 'routine' : name === 'exercises' ? 'exercise' : undefined;

/**
 * The contract's JSON Schema made into a serializer's schema that writes the bytes JSON.stringify
 * writes for the same answer: properties in the answer's order, nothing required (a missing property
 * is left out, as JSON.stringify does), a nullable scalar as a type list, integers as numbers (an
 * integer type would round), and `last` (a nullable object, whose branch fast-json-stringify would
 * pick by validating at run time) through JSON.stringify itself (an empty schema).
 */
function forSerializer(schema: JsonSchema, kind?: Kind): JsonSchema {
  if ('$ref' in schema) throw new Error('a routine serializer schema cannot follow $ref');
  const out = withoutValidation(schema);
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  const types = anyOf?.map((branch) => branch.type);
  if (anyOf && types?.every((t) => typeof t === 'string' && t !== 'object' && t !== 'array')) {
    delete out.anyOf;
    out.type = types;
  }
  if (Array.isArray(out.type)) out.type = (out.type as string[]).map((t) => (t === 'integer' ? 'number' : t));
  else if (out.type === 'integer') out.type = 'number';
  const items = schema.items as JsonSchema | undefined;
  if (items) out.items = forSerializer(items, kind);
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    const names: readonly string[] = kind ? answerOrder[kind] : Object.keys(properties);
    const contract = Object.keys(properties);
    if (names.length !== contract.length || names.some((name) => !contract.includes(name)))
      throw new Error(
        `the routine serializer's ${kind} order is not the contract's properties (${contract.join(', ')})`,
      );
    out.properties = Object.fromEntries(
      names.map((name) => [
        name,
        name === 'last' ? {} : forSerializer(properties[name] as JsonSchema, kindUnder(name)),
      ]),
    );
  }
  return out;
}

const forAnswer = (schema: z.ZodType) =>
  forSerializer(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema);

/** `{ "routines": [...] }` (GET /api/routines) and `{ "routine": {...} }` (GET /api/routines/{id}). */
export const routinesSerialization = forAnswer(routinesResponseSchema);
export const routineSerialization = forAnswer(routineResponseSchema);

type Serialize = (value: { [key: string]: unknown }) => string;

/**
 * Has a routine answer written by a serializer compiled from the contract (Fastify's
 * fast-json-stringify, kept per route) rather than by JSON.stringify, walking the answer's objects
 * generically: the same text (routine-serializer.test.ts), less CPU on the 15 kB of a person's
 * routines (docs/performance-log.md, "Issue 46: routines and creating a workout"). Call it after
 * the last thing that may throw: an error's answer would otherwise go through it.
 */
export function serializeRoutines(reply: FastifyReply, answer: { routines: Routine[] } | { routine: Routine }) {
  const schema = 'routines' in answer ? routinesSerialization : routineSerialization;
  const serialize = (reply.getSerializationFunction(schema) ??
    reply.compileSerializationSchema(schema)) as unknown as Serialize;
  reply.type('application/json; charset=utf-8');
  reply.serializer(serialize);
}

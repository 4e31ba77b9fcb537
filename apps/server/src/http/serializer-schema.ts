type JsonSchema = { [key: string]: unknown };

/** Validation keywords: a serializer (fast-json-stringify) only needs types and properties. */
const validationOnly = new Set([
  '$schema',
  'required',
  'additionalProperties',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'enum',
  'format',
  'pattern',
  'minItems',
  'maxItems',
]);

/** A JSON Schema node's own keywords without those that only validate (its children untouched). */
export function withoutValidation(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) if (!validationOnly.has(key)) out[key] = value;
  return out;
}

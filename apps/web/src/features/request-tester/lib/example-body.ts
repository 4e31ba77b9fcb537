/**
 * An example JSON body from a request body's JSON Schema, as the OpenAPI document gives it (issue 47):
 * what the tester fills in when an endpoint is picked. The fields the schema requires (when it
 * requires none, those with a default, else its first), each with a value of its type that the schema's own limits accept where it
 * says them (a default, an enum's first value, a format, a minimum, a length).
 */
export type JsonSchema = { [key: string]: unknown };

const formatExamples: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000000',
  email: 'athlete@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  'date-time': '2026-01-01T09:00:00.000Z',
  date: '2026-01-01',
};

const asSchema = (value: unknown): JsonSchema | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;

function stringExample(schema: JsonSchema, name: string): string {
  const format = typeof schema.format === 'string' ? formatExamples[schema.format] : undefined;
  if (format) return format;
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  const text = (name || 'text').padEnd(min, 'x');
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function numberExample(schema: JsonSchema): number {
  if (typeof schema.minimum === 'number') return schema.minimum;
  if (typeof schema.exclusiveMinimum === 'number') return schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === 'number' && schema.maximum < 1) return schema.maximum;
  return 1;
}

/** A value `schema` accepts; `name` is the property's, which a plain string example repeats. */
export function exampleOf(schema: JsonSchema, name = '', depth = 0): unknown {
  if (depth > 8) return null;
  if ('const' in schema) return schema.const;
  // An empty default (a post's text) shows nothing to change: an example of the type says more.
  if ('default' in schema && schema.default !== '') return schema.default;
  if ('example' in schema) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf ?? schema.allOf) as unknown[] | undefined;
  if (Array.isArray(branches)) {
    const branch = branches.map(asSchema).find((b) => b !== undefined && b.type !== 'null');
    return branch ? exampleOf(branch, name, depth + 1) : null;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringExample(schema, name);
    case 'integer':
    case 'number':
      return numberExample(schema);
    case 'boolean':
      return false;
    case 'array': {
      const items = asSchema(schema.items);
      return items ? [exampleOf(items, name, depth + 1)] : [];
    }
    case 'object':
      return objectExample(schema, depth);
    default:
      return asSchema(schema.properties) ? objectExample(schema, depth) : null;
  }
}

function objectExample(schema: JsonSchema, depth: number): Record<string, unknown> {
  const properties = asSchema(schema.properties) ?? {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  // None required (a post: text or a photo): the fields with a default, else the first one, so the
  // example is a body the call takes rather than every option at once.
  const defaulted = Object.keys(properties).filter((name) => 'default' in (asSchema(properties[name]) ?? {}));
  const names = required.length > 0 ? required : defaulted.length > 0 ? defaulted : Object.keys(properties).slice(0, 1);
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const property = asSchema(properties[name]);
    if (property) out[name] = exampleOf(property, name, depth + 1);
  }
  return out;
}

/** `/api/posts/:postId` -> `/api/posts/{postId}`, as the OpenAPI document names paths. */
const openApiPathOf = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** The JSON request body's schema of one call in an OpenAPI document; undefined when it takes none. */
export function requestBodySchemaOf(document: unknown, method: string, path: string): JsonSchema | undefined {
  const paths = asSchema(asSchema(document)?.paths);
  const operation = asSchema(asSchema(paths?.[openApiPathOf(path)])?.[method.toLowerCase()]);
  const content = asSchema(asSchema(operation?.requestBody)?.content);
  return asSchema(asSchema(content?.['application/json'])?.schema);
}

/** The body box's text for a picked call: its example body, or the empty object when it takes none. */
export function exampleBodyText(document: unknown, method: string, path: string): string {
  const schema = requestBodySchemaOf(document, method, path);
  return JSON.stringify(schema ? exampleOf(schema) : {}, null, 2);
}

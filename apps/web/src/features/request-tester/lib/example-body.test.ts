import { describe, expect, it } from 'vitest';
import { exampleBodyText, exampleOf, requestBodySchemaOf } from './example-body';

/** Example bodies from JSON Schema, as the OpenAPI document (zod's toJSONSchema, io: input) writes them. */
describe('example bodies', () => {
  it('fills the required fields, each with a value its limits accept', () => {
    const schema = {
      type: 'object',
      properties: {
        postData: {
          type: 'object',
          properties: {
            content: { type: 'string', maxLength: 10000 },
            visibility: { type: 'string', enum: ['public', 'followers', 'private'] },
            image: { anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] },
          },
          required: ['content'],
        },
      },
      required: ['postData'],
    };
    expect(exampleOf(schema)).toEqual({ postData: { content: 'content' } });
  });

  it('reads enums, formats, defaults, lengths and minimums', () => {
    const schema = {
      type: 'object',
      required: ['kind', 'at', 'id', 'pin', 'code', 'reps', 'weight', 'done', 'unit', 'fixed', 'sets', 'note'],
      properties: {
        kind: { type: 'string', enum: ['spam', 'abuse'] },
        at: { type: 'string', format: 'date-time' },
        id: { type: 'string', format: 'uuid' },
        pin: { type: 'string', minLength: 8 },
        code: { type: 'string', maxLength: 2 },
        reps: { type: 'integer', minimum: 1 },
        weight: { type: 'number', exclusiveMinimum: 0 },
        done: { type: 'boolean' },
        unit: { type: 'string', default: 'kg' },
        fixed: { const: 'x' },
        sets: {
          type: 'array',
          items: { type: 'object', properties: { reps: { type: 'integer', minimum: 0 } }, required: ['reps'] },
        },
        note: { type: ['string', 'null'] },
      },
    };
    expect(exampleOf(schema)).toEqual({
      kind: 'spam',
      at: '2026-01-01T09:00:00.000Z',
      id: '00000000-0000-4000-8000-000000000000',
      pin: 'pinxxxxx',
      code: 'co',
      reps: 1,
      weight: 1,
      done: false,
      unit: 'kg',
      fixed: 'x',
      sets: [{ reps: 0 }],
      note: 'note',
    });
  });

  it('when no field is required: those with a default (an empty one shown as an example), else the first', () => {
    const post = {
      type: 'object',
      properties: {
        content: { type: 'string', default: '' },
        image: { type: 'string', format: 'uri' },
        visibility: { type: 'string', enum: ['public', 'private'], default: 'public' },
      },
    };
    expect(exampleOf(post)).toEqual({ content: 'content', visibility: 'public' });
    const plain = { type: 'object', properties: { bio: { type: 'string' }, website: { type: 'string' } } };
    expect(exampleOf(plain)).toEqual({ bio: 'bio' });
  });

  it("finds a call's body schema by the OpenAPI path, and answers {} for a call without one", () => {
    const body = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] };
    const document = {
      paths: {
        '/api/test-todos': {
          get: {},
          post: { requestBody: { content: { 'application/json': { schema: body } } } },
        },
        '/api/test-todos/{todoId}': { delete: {} },
      },
    };
    expect(requestBodySchemaOf(document, 'POST', '/api/test-todos')).toBe(body);
    expect(exampleBodyText(document, 'POST', '/api/test-todos')).toBe('{\n  "text": "text"\n}');
    expect(exampleBodyText(document, 'GET', '/api/test-todos')).toBe('{}');
    expect(exampleBodyText(document, 'DELETE', '/api/test-todos/:todoId')).toBe('{}');
    expect(exampleBodyText(undefined, 'POST', '/api/test-todos')).toBe('{}');
  });
});

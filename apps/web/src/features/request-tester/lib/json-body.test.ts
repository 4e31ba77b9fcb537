import { describe, expect, it } from 'vitest';
import { editJsonBody, initialJsonBody, isValidJsonBody, parsedBody } from './json-body';

describe('the JSON body of the request tester', () => {
  it('starts as an empty object with no error', () => {
    expect(initialJsonBody).toEqual({ text: '{}', body: '{}', error: undefined });
    expect(parsedBody(initialJsonBody)).toEqual({});
  });

  it('accepts any valid JSON, not only objects', () => {
    for (const text of ['{"text":"squat"}', '[1,2]', '"plain"', '42', 'true', ' { } ']) {
      expect(isValidJsonBody(text)).toBe(true);
    }
  });

  it("says 'Error in JSON format' for invalid JSON and for an empty box", () => {
    for (const text of ['', '   ', '{', "{'a':1}", '{"a":1,}', 'undefined', '{} {}']) {
      expect(isValidJsonBody(text)).toBe(false);
      expect(editJsonBody(initialJsonBody, text).error).toBe('Error in JSON format');
    }
  });

  it('keeps the last valid body while the box is invalid, and clears the error when it is valid again', () => {
    const valid = editJsonBody(initialJsonBody, '{"text":"deadlift"}');
    expect(valid).toEqual({ text: '{"text":"deadlift"}', body: '{"text":"deadlift"}', error: undefined });
    const broken = editJsonBody(valid, '{"text":');
    expect(broken.text).toBe('{"text":');
    expect(parsedBody(broken)).toEqual({ text: 'deadlift' });
    const emptied = editJsonBody(broken, '');
    expect(parsedBody(emptied)).toEqual({ text: 'deadlift' });
    const fixed = editJsonBody(emptied, '{"text":"bench"}');
    expect(fixed.error).toBeUndefined();
    expect(parsedBody(fixed)).toEqual({ text: 'bench' });
  });
});

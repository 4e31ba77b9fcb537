import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { type FieldErrors, fieldErrorsFrom, withoutField } from './field-errors';

const labels = { username: 'Username', password: 'Password', website: 'Website' };

describe('fieldErrorsFrom', () => {
  it('puts a field-prefixed refusal beside its field, in the field’s own name', () => {
    const error = new ApiError(400, [
      'userData.website: must be an http(s) URL',
      'password: must be at least 8 characters',
    ]);
    expect(fieldErrorsFrom(error, labels)).toEqual({
      fields: { website: 'Website must be an http(s) URL', password: 'Password must be at least 8 characters' },
      rest: [],
    });
  });

  it('puts a message naming a field beside it, and keeps the others for the form', () => {
    const error = new ApiError(404, ['The username you entered is not Registered. Not Found error', 'Network trouble']);
    expect(fieldErrorsFrom(error, labels)).toEqual({
      fields: { username: 'The username you entered is not Registered. Not Found error' },
      rest: ['Network trouble'],
    });
  });

  it('has nothing to say about an error that is not a refusal', () => {
    expect(fieldErrorsFrom(new Error('boom'), labels)).toEqual({ fields: {}, rest: [] });
  });
});

describe('withoutField', () => {
  it('drops one field’s error and keeps the others', () => {
    const errors: FieldErrors<'username' | 'password'> = { username: 'taken', password: 'short' };
    expect(withoutField(errors, 'username')).toEqual({ password: 'short' });
    const none: FieldErrors<'username'> = {};
    expect(withoutField(none, 'username')).toBe(none);
  });
});

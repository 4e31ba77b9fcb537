import { describe, expect, it } from 'vitest';
import { passwordFieldErrors } from './password-section';

describe('passwordFieldErrors', () => {
  it('asks for the current password and a new one of 8 to 128 characters, beside each field', () => {
    expect(passwordFieldErrors('', 'short')).toEqual({
      currentPassword: 'Enter your current password.',
      newPassword: 'New password must be at least 8 characters long.',
    });
    expect(passwordFieldErrors('old-one', 'x'.repeat(129))).toEqual({
      newPassword: 'New password must be at most 128 characters long.',
    });
    expect(passwordFieldErrors('old-one', 'eight-ch')).toEqual({});
  });
});

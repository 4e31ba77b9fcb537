import { endpoints } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { loginPath } from './login';
import { signupPath } from './signup';

describe('auth calls', () => {
  it('use the contract paths (spelled out only to keep zod off the login screen)', () => {
    expect(loginPath).toBe(endpoints.login.path);
    expect(signupPath).toBe(endpoints.signup.path);
  });
});

import { uiMessages } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { loginProblem, signupProblem } from './validate';

describe('login validation (SPEC §5)', () => {
  it('asks for all the fields when both are empty', () => {
    expect(loginProblem('', '')).toBe(uiMessages.fillAllFields);
    expect(loginProblem('   ', '')).toBe(uiMessages.fillAllFields);
  });
  it('names the missing field when only one is empty', () => {
    expect(loginProblem('', 'secret')).toBe('username is empty');
    expect(loginProblem('maya', '')).toBe('Password is empty');
  });
  it('lets a complete form through', () => {
    expect(loginProblem('maya', 'secret')).toBeNull();
  });
});

describe('signup validation (SPEC §5)', () => {
  const full = { firstname: 'Maya', lastname: 'Okafor', username: 'maya', password: 'secret' };
  it('lets a complete form through', () => {
    expect(signupProblem(full)).toBeNull();
  });
  it.each(['firstname', 'lastname', 'username', 'password'] as const)('requires %s', (field) => {
    expect(signupProblem({ ...full, [field]: '' })).toBe('Please enter all the fields');
  });
});

import { uiMessages } from '@spotter/contract';
import { describe, expect, it } from 'vitest';
import { loginFieldErrors, loginProblem, signupFieldErrors, signupProblem } from './validate';

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

describe('the words beside each field', () => {
  const full = { firstname: 'Maya', lastname: 'Okafor', username: 'maya.lifts_2', password: 'secret' };
  it('says nothing about a form that may be sent', () => {
    expect(signupFieldErrors(full)).toEqual({});
    expect(loginFieldErrors('maya', 'secret')).toEqual({});
  });
  it('names each empty field in plain words', () => {
    expect(signupFieldErrors({ firstname: '', lastname: ' ', username: '', password: '' })).toEqual({
      firstname: 'Enter your first name.',
      lastname: 'Enter your last name.',
      username: 'Choose a username.',
      password: 'Choose a password.',
    });
    expect(loginFieldErrors('', '')).toEqual({ username: 'Enter your username.', password: 'Enter your password.' });
  });
  it('explains the username rule before the server refuses it', () => {
    expect(signupFieldErrors({ ...full, username: 'maya lifts!' }).username).toMatch(/letters, digits, _ and \./);
    expect(signupFieldErrors({ ...full, username: 'x'.repeat(31) }).username).toMatch(/up to 30 characters/);
  });
});

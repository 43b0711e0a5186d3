import { describe, expect, it } from 'vitest';
import { getDisplayName, getWelcomeGreeting } from './display-name.ts';

describe('getDisplayName', () => {
  it('prefers the first name', () => {
    expect(getDisplayName({ firstName: 'Ada', email: 'ada@example.com' })).toBe('Ada');
  });

  it('falls back to the e-mail when the first name is missing or blank', () => {
    expect(getDisplayName({ firstName: null, email: 'ada@example.com' })).toBe('ada@example.com');
    expect(getDisplayName({ firstName: '  ', email: 'ada@example.com' })).toBe('ada@example.com');
  });

  it("falls back to 'User' when neither is known", () => {
    expect(getDisplayName({ firstName: null, email: null })).toBe('User');
    expect(getDisplayName(null)).toBe('User');
  });
});

describe('getWelcomeGreeting', () => {
  it('adds the first name when known', () => {
    expect(getWelcomeGreeting({ firstName: 'Grace' })).toBe('Welcome back, Grace');
  });

  it("is plain 'Welcome back' without a first name", () => {
    expect(getWelcomeGreeting({ firstName: null })).toBe('Welcome back');
    expect(getWelcomeGreeting(undefined)).toBe('Welcome back');
  });
});

import { describe, expect, it } from 'vitest';
import { isHttpStatus, readableError, serverMessage } from './error-text.ts';

describe('readableError', () => {
  it('keeps the status and shows the JSON message', () => {
    const error = new Error('400: {"message":"Missing Information: Please fill in all fields","code":"x"}');
    expect(readableError(error, 'fallback')).toBe('400: Missing Information: Please fill in all fields');
    expect(serverMessage(error, 'fallback')).toBe('Missing Information: Please fill in all fields');
    expect(isHttpStatus(error, 400)).toBe(true);
  });
  it('falls back for plain bodies and non-errors', () => {
    expect(readableError(new Error('502: Bad Gateway'), 'f')).toBe('502: Bad Gateway');
    expect(readableError('nope', 'f')).toBe('f');
  });
});

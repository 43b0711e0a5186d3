import { parseApiError } from '@web/lib/api-error.ts';
import { describe, expect, it } from 'vitest';
import { readableError, serverMessage } from './error-text.ts';

describe('readableError', () => {
  it('keeps the status and shows the sentence of the envelope', () => {
    const error = parseApiError(
      400,
      '{"message":"Missing Information: Please fill in all fields","code":"missing_information"}',
      'Bad Request',
    );
    expect(readableError(error, 'fallback')).toBe('400: Missing Information: Please fill in all fields');
    expect(serverMessage(error, 'fallback')).toBe('Missing Information: Please fill in all fields');
  });
  it('falls back for plain bodies and non-errors', () => {
    expect(readableError(parseApiError(502, '', 'Bad Gateway'), 'f')).toBe('502: Bad Gateway');
    expect(readableError(new Error('Failed to fetch'), 'f')).toBe('Failed to fetch');
    expect(readableError('nope', 'f')).toBe('f');
  });
});

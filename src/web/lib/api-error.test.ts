import { describe, expect, it } from 'vitest';
import { ApiError, errorSentence, isApiError, parseApiError } from './api-error.ts';

describe('parseApiError', () => {
  it('reads status, code and sentence from the server envelope', () => {
    const error = parseApiError(
      400,
      JSON.stringify({ message: 'Invalid request: variants: too small', code: 'validation_failed' }),
      'Bad Request',
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      sentence: 'Invalid request: variants: too small',
    });
  });

  it('keeps spec §8 form in the message, with the sentence instead of raw JSON', () => {
    const error = parseApiError(404, '{"message":"Route not found","code":"not_found"}', 'Not Found');
    expect(error.message).toBe('404: Route not found');
    expect(error.message).toContain('404');
    expect(error.message).not.toContain('{');
  });

  it('keeps the message of a JSON body whose code is not ours, with code unknown', () => {
    const error = parseApiError(429, '{"statusCode":429,"message":"Rate limit exceeded"}', 'Too Many');
    expect(error).toMatchObject({ status: 429, code: 'unknown', sentence: 'Rate limit exceeded' });
  });

  it('shows a short plain body as is', () => {
    expect(parseApiError(502, 'upstream went away', 'Bad Gateway')).toMatchObject({
      code: 'unknown',
      sentence: 'upstream went away',
      message: '502: upstream went away',
    });
  });

  it('falls back to the status text for an empty body, markup or JSON without a message', () => {
    expect(parseApiError(503, '', 'Service Unavailable').message).toBe('503: Service Unavailable');
    expect(parseApiError(502, '<html><body>Bad gateway</body></html>', 'Bad Gateway').sentence).toBe(
      'Bad Gateway',
    );
    expect(parseApiError(500, '{"error":true}', '').sentence).toBe('HTTP 500');
  });
});

describe('isApiError and errorSentence', () => {
  const notFound = parseApiError(404, '{"message":"No such product.","code":"product_not_found"}', '');

  it('branches on the code', () => {
    expect(isApiError(notFound)).toBe(true);
    expect(isApiError(notFound, 'product_not_found')).toBe(true);
    expect(isApiError(notFound, 'not_found', 'unauthorized')).toBe(false);
    expect(isApiError(new Error('404: x'), 'not_found')).toBe(false);
  });

  it('shows the sentence, another error its message, anything else the fallback', () => {
    expect(errorSentence(notFound, 'Failed')).toBe('No such product.');
    expect(errorSentence(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed to fetch');
    expect(errorSentence(undefined, 'Failed')).toBe('Failed');
  });
});

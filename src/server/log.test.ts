import { describe, expect, it } from 'vitest';
import { redactUrl } from './log.ts';

describe('redactUrl', () => {
  it('hides secrets carried in query strings and keeps the rest', () => {
    expect(redactUrl('/api/callback?code=abc123&state=xyz&iss=x')).toBe(
      '/api/callback?code=[redacted]&state=[redacted]&iss=x',
    );
    expect(redactUrl('/v21.0/me?access_token=EAAsecret&fields=id')).toBe(
      '/v21.0/me?access_token=[redacted]&fields=id',
    );
  });
});

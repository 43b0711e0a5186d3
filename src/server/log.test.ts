import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './log.ts';

describe('redactUrl', () => {
  it('hides secrets carried in query strings and keeps the rest', () => {
    expect(redactUrl('/api/callback?code=abc123&state=xyz&iss=x')).toBe(
      '/api/callback?code=[redacted]&state=[redacted]&iss=x',
    );
    expect(redactUrl('/v21.0/me?access_token=EAAsecret&fields=id')).toBe(
      '/v21.0/me?access_token=[redacted]&fields=id',
    );
  });

  it('hides the single-use tokens of reset and invitation links', () => {
    const token = 'k3J9x_Qm2-pV7rT4yW8zA1bC5dE6fG0h';
    expect(redactUrl(`/api/auth/password/reset/${token}`)).toBe('/api/auth/password/reset/[redacted]');
    expect(redactUrl(`/reset-password/${token}`)).toBe('/reset-password/[redacted]');
    expect(redactUrl(`/verify-email/${token}`)).toBe('/verify-email/[redacted]');
    expect(redactUrl(`/api/auth/email/verification/${token}`)).toBe(
      '/api/auth/email/verification/[redacted]',
    );
    expect(redactUrl(`/api/invitations/${token}/accept`)).toBe('/api/invitations/[redacted]/accept');
  });
});

describe('logger redaction', () => {
  it('never writes a password, a TOTP secret, a recovery code or a password hash (decision 094)', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    log.info({ body: { email: 'a@b.example', password: 'hunter2-secret-pw' } }, 'sign-in');
    log.info({ user: { passwordHash: '$argon2id$v=19$x', totpSecret: { ciphertext: 'c1pher' } } }, 'user');
    log.info({ setup: { secret: 'JBSWY3DPEHPK3PXP', recoveryCodes: ['abcde-12345'] } }, 'two-factor');
    const written = lines.join('');
    for (const secret of ['hunter2-secret-pw', '$argon2id', 'c1pher', 'JBSWY3DPEHPK3PXP', 'abcde-12345'])
      expect(written).not.toContain(secret);
    expect(written).toContain('a@b.example');
  });
});

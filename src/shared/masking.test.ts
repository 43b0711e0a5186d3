import { describe, expect, it } from 'vitest';
import { maskEmail, maskName } from './masking.ts';

describe('masking personal data', () => {
  it('keeps the first letter of each word of a name', () => {
    expect(maskName('Olive Oyl')).toBe('O*** O***');
    expect(maskName('  Ümit  ')).toBe('Ü***');
    expect(maskName('')).toBe('');
  });
  it('keeps the first letters and the top-level domain of an e-mail', () => {
    expect(maskEmail('olive.oyl@example.com')).toBe('o***@e***.com');
    expect(maskEmail('x@localhost')).toBe('x***@l***');
    expect(maskEmail('not-an-address')).toBe('n***');
    expect(maskEmail('olive.oyl@example.com')).not.toContain('olive');
  });
});

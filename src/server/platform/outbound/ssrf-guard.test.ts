import { describe, expect, it } from 'vitest';
import { addressRefusal, assertPublicHost, UnsafeTargetError } from './ssrf-guard.ts';

describe('SSRF guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.9', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'linkLocal'],
    ['fd00::1', 'uniqueLocal'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
  ])('refuses %s (%s)', (address, range) => {
    expect(addressRefusal(address)).toBe(`${address} is a ${range} address`);
  });

  it('accepts public unicast addresses', () => {
    expect(addressRefusal('93.184.216.34')).toBeNull();
    expect(addressRefusal('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
  });

  it('resolves names and refuses a name that points inside', async () => {
    await expect(assertPublicHost('localhost')).rejects.toThrow(UnsafeTargetError);
    await expect(assertPublicHost('[::1]')).rejects.toThrow(/loopback/);
    await expect(assertPublicHost('169.254.169.254')).rejects.toThrow(/linkLocal/);
    await expect(assertPublicHost('does-not-exist.invalid')).rejects.toThrow(/does not resolve/);
  });
});

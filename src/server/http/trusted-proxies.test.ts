import { describe, expect, it } from 'vitest';
import { trustedProxies } from './trusted-proxies';

describe('trustedProxies', () => {
  it('nothing is a proxy without TRUST_PROXY', () => {
    expect(trustedProxies(null)('127.0.0.1')).toBe(false);
  });

  it('reads addresses, CIDR ranges and the names, IPv4-mapped IPv6 too', () => {
    const isProxy = trustedProxies('loopback, 10.1.0.0/16, 2001:db8::7');
    expect(
      ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '10.1.200.3'].map(isProxy),
    ).toEqual([true, true, true, true, true]);
    expect(isProxy('2001:db8::7')).toBe(true);
    expect(['10.2.0.1', '2001:db8::8', '192.0.2.1', ''].map(isProxy)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(trustedProxies('uniquelocal')('192.168.1.1')).toBe(true);
    expect(trustedProxies('linklocal')('fe80::1')).toBe(true);
  });
});

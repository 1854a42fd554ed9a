import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('keeps IPv4 as it is, and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::FFFF:192.0.2.1')).toBe('192.0.2.1');
  });

  it('counts IPv6 by its /64, whatever the spelling', () => {
    const key = '2001:db8:24:1::/64';
    for (const ip of [
      '2001:db8:24:1::1',
      '2001:0db8:0024:0001:ffff:ffff:ffff:ffff',
      '2001:DB8:24:1:0:0:0:0',
      '2001:db8:24:1::192.0.2.1',
      '2001:db8:24:1::5%eth0',
    ])
      expect(addressKey(ip)).toBe(key);
    expect(addressKey('2001:db8:24:2::1')).toBe('2001:db8:24:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64');
  });
});

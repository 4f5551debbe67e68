import { describe, expect, it } from '@jest/globals';
import { clientAddressKey } from './client-address.js';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey(' 192.0.2.1 ')).toBe('192.0.2.1');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address, in either notation', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, written full or compressed, in any case', () => {
    const key = '2001:db8:85a3:42::/64';
    expect(clientAddressKey('2001:0db8:85a3:0042:0000:8a2e:0370:7334')).toBe(key);
    expect(clientAddressKey('2001:db8:85a3:42::1')).toBe(key);
    expect(clientAddressKey('2001:DB8:85A3:42:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientAddressKey('[2001:db8:85a3:42::dead:beef]')).toBe(key);
    expect(clientAddressKey('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
    expect(clientAddressKey('::')).toBe('0:0:0:0::/64');
  });

  it('drops a zone id', () => {
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('fe80::abcd:1%25en0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves what is not an address alone', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
    expect(clientAddressKey('2001:db8::g')).toBe('2001:db8::g');
  });
});

import { clientKey, isLoopback } from './client-key';

describe('clientKey', () => {
  it('keeps an IPv4 address, and takes one written as IPv4-mapped IPv6 as that address', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:a:b::/64';
    for (const ip of [
      '2001:db8:a:b::1',
      '2001:0db8:000a:000b:ffff:1:2:3',
      '2001:DB8:A:B:0:0:0:FF',
      '2001:db8:a:b::1.2.3.4',
    ]) {
      expect(clientKey(ip)).toBe(key);
    }
    expect(clientKey('2001:db8:a:c::1')).not.toBe(key);
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('isLoopback', () => {
  it('is this machine: 127.0.0.0/8, ::1 and IPv4-mapped 127.x', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip)).toBe(true);
  });

  it('is nothing else: other addresses, private ranges, and what is not an address', () => {
    for (const ip of ['10.0.0.1', '192.168.1.2', '203.0.113.5', '::ffff:10.0.0.1', '2001:db8::1', 'localhost', '']) {
      expect(isLoopback(ip)).toBe(false);
    }
  });
});

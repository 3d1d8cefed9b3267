import { describe, expect, it } from 'vitest';
import { CrCache, etagMatches, normalizeSerial } from '../../server/src/repository/cr';
import { isForbiddenAddress, parseHttpsUrl } from '../../server/src/repository/decrypt';
import { ownCrSerial } from '../../server/src/repository/routes';

describe('decrypt_cert address policy', () => {
  it.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '127.0.0.1',
    '127.8.8.8',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '[::1]',
    'localhost',
    '',
  ])('refuses %s', (a) => expect(isForbiddenAddress(a)).toBe(true));

  // The IANA special-purpose registries (through ipaddr.js), and the forms that embed an IPv4 address.
  it.each([
    ['::127.0.0.1', 'IPv4-compatible loopback (::/96)'],
    ['[::127.0.0.1]', 'the same, bracketed as in a URL'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['::8.8.8.8', 'IPv4-compatible, even of a public address'],
    ['::ffff:0:127.0.0.1', 'IPv4-translated (RFC 6145)'],
    ['64:ff9b::7f00:1', 'NAT64 well-known prefix'],
    ['64:ff9b::808:808', 'NAT64, even of a public address'],
    ['64:ff9b:1::a00:1', 'NAT64 local-use 64:ff9b:1::/48'],
    ['100::1', 'discard-only 100::/64'],
    ['100::ffff:ffff:ffff:ffff', 'discard-only, last address'],
    ['100:0:0:1::1', 'dummy prefix 100:0:0:1::/64 (outside 2000::/3)'],
    ['2001::1', 'Teredo 2001::/32'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo with an embedded address'],
    ['2001:2::1', 'benchmarking 2001:2::/48'],
    ['2001:1ff:ffff::1', 'IETF protocol assignments 2001::/23, last block'],
    ['2001:10::1', 'ORCHID'],
    ['2001:20::1', 'ORCHIDv2'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation 3fff::/20'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2002:808:808::1', '6to4, even of a public address'],
    ['2620:4f:8000::1', 'AS112-v6'],
    ['5f00::1', 'segment routing'],
    ['fec0::1', 'deprecated site-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:192.0.2.1', 'IPv4-mapped TEST-NET-1'],
    ['192.0.2.1', 'TEST-NET-1'],
    ['198.51.100.7', 'TEST-NET-2'],
    ['203.0.113.255', 'TEST-NET-3'],
    ['198.18.0.1', 'benchmarking 198.18.0.0/15'],
    ['198.19.255.255', 'benchmarking, last address'],
    ['100.64.0.1', 'shared address space 100.64.0.0/10'],
    ['100.127.255.255', 'shared address space, last address'],
    ['192.0.0.8', 'IETF protocol assignments 192.0.0.0/24'],
    ['192.31.196.1', 'AS112-v4'],
    ['192.52.193.1', 'AMT'],
    ['192.88.99.1', 'deprecated 6to4 relay anycast'],
    ['192.175.48.1', 'AS112 direct delegation'],
    ['240.0.0.1', 'reserved 240.0.0.0/4'],
    ['127.1', 'shorthand IPv4 (not an address to Node)'],
    ['0x7f.0.0.1', 'hexadecimal IPv4'],
  ])('refuses %s (%s)', (a) => expect(isForbiddenAddress(a)).toBe(true));

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '100.63.255.255',
    '198.17.255.255',
    '198.20.0.1',
    '203.0.114.1',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '2001:200::1',
    '::ffff:8.8.8.8',
  ])('allows %s', (a) => expect(isForbiddenAddress(a)).toBe(false));

  it('accepts only https URLs without credentials', () => {
    expect(parseHttpsUrl('https://cr.example.com/a.pem').hostname).toBe('cr.example.com');
    for (const u of ['http://a.example/x', 'file:///etc/passwd', 'https://u:p@a.example/', 'nope', 42]) {
      expect(() => parseHttpsUrl(u)).toThrow(/Only https URLs/);
    }
    expect(parseHttpsUrl('https://cr.example.com:8443/a.pem').port).toBe('8443');
    expect(parseHttpsUrl('https://cr.example.com:443/a.pem').port).toBe('');
    for (const u of [
      'https://cr.example.com:22/a.pem',
      'https://cr.example.com:6379/',
      'https://1.1.1.1:8080/x',
    ]) {
      expect(() => parseHttpsUrl(u)).toThrow('Only certificate repositories on port 443 or 8443 can be read');
    }
  });
});

describe('CR helpers', () => {
  it('recognises this portal’s own CR URLs only', () => {
    expect(ownCrSerial('https://ca.example.com/cr/0123456789abcdef.pem', 'https://ca.example.com')).toBe(
      '0123456789abcdef',
    );
    expect(ownCrSerial('https://ca.example.com/base/cr/ab.pem', 'https://ca.example.com/base')).toBe('ab');
    expect(ownCrSerial('https://ca.example.com:8443/cr/ab.pem', 'https://ca.example.com')).toBeNull();
    expect(ownCrSerial('https://evil.example/cr/ab.pem', 'https://ca.example.com')).toBeNull();
    expect(ownCrSerial('https://ca.example.com/crl/x.crl', 'https://ca.example.com')).toBeNull();
  });

  it('normalises serials and matches ETags', () => {
    expect(normalizeSerial('0123456789ABCDEF')).toBe('0123456789abcdef');
    expect(normalizeSerial('0123')).toBeNull();
    expect(normalizeSerial('../../etc/passwd')).toBeNull();
    expect(etagMatches('"a", W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });

  it('evicts the least recently used entry', () => {
    const cache = new CrCache(2);
    const e = { pem: 'x', etag: '"x"', notAfterMs: 0 };
    cache.set('a', e);
    cache.set('b', e);
    cache.get('a');
    cache.set('c', e);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(e);
    expect(cache.size).toBe(2);
  });
});

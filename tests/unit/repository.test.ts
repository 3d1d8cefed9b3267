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

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    'allows %s',
    (a) => expect(isForbiddenAddress(a)).toBe(false),
  );

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

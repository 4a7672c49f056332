import { describe, expect, it } from 'vitest';
import { isIpLiteral, isPublicUnicast } from './ip-policy';

describe('isPublicUnicast', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '0.0.0.0',
    '100.64.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '64:ff9b::7f00:1',
    'localhost',
    '2130706433',
    '',
  ])('refuses %s', (address) => {
    expect(isPublicUnicast(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '185.60.216.35', '172.32.0.1', '2a00:1450:4001:82a::2004', '[2606:4700::6810:84e5]'])(
    'allows %s',
    (address) => {
      expect(isPublicUnicast(address)).toBe(true);
    },
  );
});

describe('isPublicUnicast: other spellings of a private address', () => {
  it.each([
    // IPv4-mapped and IPv4-translated IPv6 forms of private addresses, in every spelling.
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '[::ffff:a9fe:a9fe]',
    '0:0:0:0:0:ffff:7f00:1',
    '::FFFF:127.0.0.1',
    '::ffff:0:7f00:1',
    '64:ff9b:1::a00:1',
    // Octal, hex, long and shortened IPv4 forms (inet_aton and the URL parser read them so).
    '0177.0.0.1',
    '0x7f.0.0.1',
    '0x7f000001',
    '017700000001',
    '127.1',
    '0xa9.0xfe.0xa9.0xfe',
    '012.0.0.1',
    // Special IPv6 blocks inside 2000::/3 (documentation RFC 9637, benchmarking, AS112, segment routing).
    '3fff::1',
    '2001:2::1',
    '2620:4f:8000::1',
    '5f00::1',
    'not an address',
    '1.2.3.4.5',
    '08.8.8.8',
  ])('refuses %s', (address) => {
    expect(isPublicUnicast(address)).toBe(false);
  });

  it('judges a public address by its value whatever its spelling (010.010.010.010 is 8.8.8.8)', () => {
    expect(isPublicUnicast('010.010.010.010')).toBe(true);
    expect(isPublicUnicast('0x08080808')).toBe(true);
    expect(isPublicUnicast('2A00:1450:4001:82A::2004')).toBe(true);
  });
});

describe('isIpLiteral', () => {
  it('recognises IP hosts as the URL parser normalises them (decimal, octal, hex, bracketed v6)', () => {
    for (const raw of [
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f000001/',
      'http://127.1/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const { hostname } = new URL(raw);
      expect(isIpLiteral(hostname), raw).toBe(true);
      expect(isPublicUnicast(hostname), raw).toBe(false);
    }
    expect(isIpLiteral('www.farmaline.be')).toBe(false);
  });
});

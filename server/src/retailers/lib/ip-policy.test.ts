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

import { describe, expect, it } from 'vitest';
import { addressNetwork } from './client-address';

describe('the network a client address stands for (its share of the shops)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['unknown', 'unknown'],
  ])('%s is %s', (address, network) => {
    expect(addressNetwork(address)).toBe(network);
  });
});

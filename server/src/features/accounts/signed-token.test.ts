import { describe, expect, it } from 'vitest';
import { createSignedTokens, decodeUid, encodeUid } from './signed-token';

const options = (now: () => number) => ({ secret: 's'.repeat(40), purpose: 'test', maxAgeMs: 3600_000, now });

describe('signed tokens', () => {
  it('accepts a token for the same state within its age, and nothing else', () => {
    let at = 1_700_000_000_000;
    const tokens = createSignedTokens(options(() => at));
    const token = tokens.make('user-1|hash-a');
    expect(token).toMatch(/^[0-9a-z]+-[0-9a-f]{32}$/);
    expect(tokens.check('user-1|hash-a', token)).toBe(true);
    expect(tokens.check('user-1|hash-b', token)).toBe(false);
    expect(
      tokens.check(
        'user-1|hash-a',
        token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a')),
      ),
    ).toBe(false);
    expect(tokens.check('user-1|hash-a', `${token}0`)).toBe(false);
    at += 3600_000;
    expect(tokens.check('user-1|hash-a', token)).toBe(true);
    at += 1000;
    expect(tokens.check('user-1|hash-a', token)).toBe(false);
  });

  it('separates purposes and secrets', () => {
    const now = () => 1_700_000_000_000;
    const token = createSignedTokens(options(now)).make('state');
    expect(createSignedTokens({ ...options(now), purpose: 'other' }).check('state', token)).toBe(false);
    expect(createSignedTokens({ ...options(now), secret: 't'.repeat(40) }).check('state', token)).toBe(false);
  });

  it('refuses a timestamp from the future', () => {
    let at = 1_700_000_000_000;
    const tokens = createSignedTokens(options(() => at));
    const token = tokens.make('state');
    at -= 5 * 60_000;
    expect(tokens.check('state', token)).toBe(false);
  });

  it('encodes uids like Django and rejects junk', () => {
    expect(encodeUid(42)).toBe('NDI');
    expect(decodeUid('NDI')).toBe(42);
    for (const bad of [
      '',
      '!!',
      Buffer.from('0').toString('base64url'),
      Buffer.from('4a').toString('base64url'),
      'A'.repeat(40),
    ]) {
      expect(decodeUid(bad)).toBeNull();
    }
  });
});

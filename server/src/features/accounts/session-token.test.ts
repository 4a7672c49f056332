import { describe, expect, it } from 'vitest';
import { newSessionToken, SESSION_TOKEN_PATTERN } from './session-token';

describe('newSessionToken', () => {
  it('10 000 tokens: all distinct, each 32 random bytes (≥ 128 bits, ASVS 7.2.3)', () => {
    const tokens = Array.from({ length: 10_000 }, () => newSessionToken());
    expect(new Set(tokens).size).toBe(tokens.length);

    const decoded = tokens.map((t) => {
      expect(t).toMatch(SESSION_TOKEN_PATTERN);
      const bytes = Buffer.from(t, 'base64url');
      expect(bytes.toString('base64url')).toBe(t); // a canonical encoding: nothing ignored by the decoder
      return bytes;
    });
    for (const bytes of decoded) expect(bytes.length).toBeGreaterThanOrEqual(16);
    expect(decoded.every((b) => b.length === 32)).toBe(true);

    // Random, not merely unique: a counter, a timestamp or a padded short value would leave some
    // byte position nearly constant. With 10 000 uniform samples every position shows (almost) all
    // 256 values; fewer than 200 has a probability far below 1e-30.
    for (let position = 0; position < 32; position++) {
      expect(new Set(decoded.map((b) => b[position])).size).toBeGreaterThan(200);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, isCommonPassword, verifyAgainstDummy, verifyPassword } from './password';

describe('password hashing', () => {
  it('produces argon2id PHC strings at or above the ASVS minimum, salted per hash', async () => {
    const a = await hashPassword('same password');
    const b = await hashPassword('same password');
    expect(a).not.toBe(b);
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(a);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(Number(match![3])).toBe(1);
    expect(ARGON2_OPTIONS.parallelism).toBe(1);
  });

  it('verifies exactly, with Unicode normalisation only', async () => {
    const phc = await hashPassword('Café crème 1');
    expect(await verifyPassword(phc, 'Café crème 1')).toBe(true);
    expect(await verifyPassword(phc, 'Cafe\u0301 cre\u0300me 1')).toBe(true); // decomposed accents, same text
    expect(await verifyPassword(phc, 'café crème 1')).toBe(false);
    expect(await verifyPassword(phc, 'Café crème 1 ')).toBe(false);
    expect(await verifyPassword('not a phc string', 'x')).toBe(false);
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});

describe('common passwords', () => {
  it('rejects well-known passwords whatever their case', () => {
    for (const pw of ['password123', 'Password123', '12345678', 'azertyuiop', 'motdepasse', 'wachtwoord', 'iloveyou']) {
      expect(isCommonPassword(pw)).toBe(true);
    }
  });

  it('accepts ordinary unique passphrases', () => {
    for (const pw of ['Correct horse 42', 'pharmacie du coin 1080', 'x7#Kq!p2Lm'])
      expect(isCommonPassword(pw)).toBe(false);
  });
});

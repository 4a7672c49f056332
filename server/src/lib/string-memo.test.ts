import { describe, expect, it } from 'vitest';
import { stringMemo } from './string-memo';

describe('stringMemo', () => {
  it('computes each key once and answers it again from the memo', () => {
    const computed: string[] = [];
    const upper = stringMemo(10, (key) => {
      computed.push(key);
      return key.toUpperCase();
    });
    expect([upper('a'), upper('b'), upper('a')]).toEqual(['A', 'B', 'A']);
    expect(computed).toEqual(['a', 'b']);
  });

  it('holds no more than its size: past it the memo starts again', () => {
    const computed: string[] = [];
    const same = stringMemo(2, (key) => {
      computed.push(key);
      return key;
    });
    for (const key of ['a', 'b', 'c', 'a']) same(key);
    // 'c' found the memo full and emptied it, so 'a' is computed again.
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps nothing for a key whose computation throws', () => {
    let calls = 0;
    const strict = stringMemo(10, (key) => {
      calls += 1;
      if (key === 'bad') throw new Error('refused');
      return key;
    });
    expect(() => strict('bad')).toThrow('refused');
    expect(() => strict('bad')).toThrow('refused');
    expect(calls).toBe(2);
  });
});

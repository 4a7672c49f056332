import { describe, expect, it } from 'vitest';
import { batched, jsonChunks, LazyList } from './json-stream';

describe('jsonChunks', () => {
  it('writes exactly what JSON.stringify(document, null, 2) writes, lazy lists read page by page', () => {
    const items = [{ id: 'a', cnks: ['1', '2'], nested: { deep: [1, { x: 'line\nbreak' }] } }, { id: 'b' }, 3, 'four'];
    let pagesRead = 0;
    const list = new LazyList(function* () {
      for (let i = 0; i < items.length; i += 2) {
        pagesRead += 1;
        yield items.slice(i, i + 2);
      }
    });
    const document = {
      generated_at: 'now',
      user: { email: 'a@b.c', tags: [] },
      groups: list,
      empty: new LazyList(() => []),
      settings: null,
      gone: undefined,
    };
    const text = [...jsonChunks(document)].join('');
    expect(text).toBe(
      JSON.stringify(
        { generated_at: 'now', user: { email: 'a@b.c', tags: [] }, groups: items, empty: [], settings: null },
        null,
        2,
      ),
    );
    expect(pagesRead).toBe(2);
    expect([...jsonChunks({})].join('')).toBe('{}');
  });

  it('batches small pieces into bounded writes', () => {
    expect([...batched(['ab', 'cd', 'e'], 3)]).toEqual(['abcd', 'e']);
  });
});

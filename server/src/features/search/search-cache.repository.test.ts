import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import { createLogger } from '../../lib/log';
import { createSearchCacheRepository, type CachedAnswer } from './search-cache.repository';

function repository() {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'search-cache-')), 'test.db'));
  migrate(db, { log: createLogger({ level: 'error', write: () => {} }) });
  return { db, cache: createSearchCacheRepository(db) };
}

const answer = (fetchedAt: number): CachedAnswer => ({ status: 'ok', offers: [], ms: 100, fetchedAt });

describe('search cache: the answers kept in memory', () => {
  it('keeps an answer asked for regularly while a thousand others come and go; forgets one nobody asks for', () => {
    const { db, cache } = repository();
    cache.put('shop', 'hot', answer(1_000), 0);
    cache.put('shop', 'cold', answer(1_000), 0);
    // Without their rows, only the memory can still answer them.
    db.prepare('DELETE FROM search_cache WHERE query_key IN (?, ?)').run('hot', 'cold');
    for (let i = 0; i < 1_000; i++) {
      cache.put('shop', `other-${i}`, answer(1_000), 0);
      if (i % 100 === 0) expect(cache.get('shop', 'hot', 0)?.fetchedAt).toBe(1_000);
    }
    expect(cache.get('shop', 'hot', 0)?.fetchedAt).toBe(1_000);
    expect(cache.get('shop', 'cold', 0)).toBeNull();
  });

  it('never answers from memory what has grown older than asked', () => {
    const { cache } = repository();
    cache.put('shop', 'q', answer(1_000), 0);
    expect(cache.get('shop', 'q', 999)?.fetchedAt).toBe(1_000);
    expect(cache.get('shop', 'q', 1_000)).toBeNull();
  });
});

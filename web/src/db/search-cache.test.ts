import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '@pharmaradar/shared/search.schema';
import { Dexie } from 'dexie';
import { db, DB_NAME, PharmaRadarDb } from './db';
import {
  findSavedProductBySlug,
  listRecentSearches,
  loadSearchResult,
  MAX_SAVED_SEARCHES,
  saveSearchResult,
} from './search-cache';

function result(query: string, fetchedAt = '2026-03-14T09:30:00.000Z'): SearchResult {
  return {
    query,
    kind: 'name',
    products: [
      {
        cnk: '3720083',
        name: 'Dafalgan 500 mg 30 comprimés',
        brand: 'Dafalgan',
        image: null,
        slug: 'dafalgan-500-mg-30-comprimes-3720083',
        offers: [
          {
            retailer: 'farmaline',
            name: 'Dafalgan 500 mg 30 comprimés',
            price: 3.49,
            currency: 'EUR',
            url: 'https://www.farmaline.be/x',
            best: true,
            brand: 'Dafalgan',
            cnk: '3720083',
            searchedCode: null,
            image: null,
            inStock: true,
          },
        ],
      },
    ],
    retailers: [{ id: 'farmaline', status: 'ok', ms: 320 }],
    fetchedAt,
    cached: false,
    demo: true,
  };
}

beforeEach(async () => {
  await db.searches.clear();
});

/** A French name search saved at `at`, as the search page saves one. */
const saveFrName = (query: string, label: string, saved: SearchResult, at: number) =>
  saveSearchResult({ lang: 'fr', query, kind: 'name', label, result: saved }, at);

describe('search cache (IndexedDB)', () => {
  it('stores the final result under the normalised query and reads it back from a new connection', async () => {
    await saveSearchResult({
      lang: 'fr',
      query: 'dafalgan',
      kind: 'name',
      label: 'Dafalgan ',
      result: result('dafalgan'),
    });
    const other = new PharmaRadarDb();
    const saved = await other.searches.get('fr|dafalgan');
    other.close();
    expect(saved?.label).toBe('Dafalgan ');
    expect(saved?.fetchedAt).toBe('2026-03-14T09:30:00.000Z');
    expect(saved?.result.products[0]?.offers[0]?.price).toBe(3.49);
    expect((await loadSearchResult('dafalgan', 'fr'))?.kind).toBe('name');
  });

  it('keeps only the last result per query', async () => {
    await saveFrName('dafalgan', 'dafalgan', result('dafalgan'), 1);
    await saveFrName('dafalgan', 'DAFALGAN', result('dafalgan', '2026-03-15T10:00:00.000Z'), 2);
    expect(await db.searches.count()).toBe(1);
    expect((await loadSearchResult('dafalgan', 'fr'))?.fetchedAt).toBe('2026-03-15T10:00:00.000Z');
  });

  it(`keeps the ${MAX_SAVED_SEARCHES} most recent searches and lists them newest first`, async () => {
    for (let i = 0; i < MAX_SAVED_SEARCHES + 3; i++) {
      await saveSearchResult(
        { lang: 'fr', query: `q${i}`, kind: 'name', label: `q${i}`, result: result(`q${i}`) },
        1000 + i,
      );
    }
    expect(await db.searches.count()).toBe(MAX_SAVED_SEARCHES);
    expect(await loadSearchResult('q0', 'fr')).toBeNull();
    expect(await loadSearchResult('q3', 'fr')).not.toBeNull();
    const recent = await listRecentSearches(3, 'fr');
    expect(recent.map((s) => s.label)).toEqual([
      `q${MAX_SAVED_SEARCHES + 2}`,
      `q${MAX_SAVED_SEARCHES + 1}`,
      `q${MAX_SAVED_SEARCHES}`,
    ]);
  });

  it('leaves out of the recent list an entry without any product (saved by an older version)', async () => {
    await saveFrName('name:dafalgan', 'dafalgan', result('dafalgan'), 1);
    await saveFrName('name:xqzwvbnm', 'xqzwvbnm', { ...result('xqzwvbnm'), products: [] }, 2);
    await saveSearchResult(
      {
        lang: 'fr',
        query: 'cnk:3720083',
        kind: 'cnk',
        label: '3720083',
        title: 'Dafalgan 500 mg',
        result: result('3720083'),
      },
      3,
    );
    const recent = await listRecentSearches(2, 'fr');
    expect(recent.map((s) => [s.label, s.title])).toEqual([
      ['3720083', 'Dafalgan 500 mg'],
      ['dafalgan', undefined],
    ]);
  });

  it('answers null for an unknown query and for an entry stored in an outdated shape', async () => {
    expect(await loadSearchResult('nothing', 'fr')).toBeNull();
    await db.searches.put({
      query: 'fr|old',
      lang: 'fr',
      kind: 'name',
      label: 'old',
      result: { query: 'old' } as unknown as SearchResult,
      fetchedAt: 'x',
      savedAt: 1,
    });
    expect(await loadSearchResult('old', 'fr')).toBeNull();
  });

  it('keeps searches per language: one saved in French is not offered to a Dutch or English user', async () => {
    const fr = result('dafalgan');
    await saveFrName('name:dafalgan', 'dafalgan', fr, 1);
    expect(await loadSearchResult('name:dafalgan', 'nl')).toBeNull();
    expect(await listRecentSearches(8, 'nl')).toEqual([]);
    expect(await findSavedProductBySlug('dafalgan-500-mg-30-comprimes-3720083', 'en')).toBeNull();

    const nl = { ...result('dafalgan'), fetchedAt: '2026-03-16T08:00:00.000Z' };
    nl.products = [{ ...nl.products[0]!, name: 'Dafalgan 500 mg 30 tabletten' }];
    await saveSearchResult({ lang: 'nl', query: 'name:dafalgan', kind: 'name', label: 'dafalgan', result: nl }, 2);
    expect((await loadSearchResult('name:dafalgan', 'nl'))?.result.products[0]?.name).toBe(
      'Dafalgan 500 mg 30 tabletten',
    );
    expect((await loadSearchResult('name:dafalgan', 'fr'))?.result.products[0]?.name).toBe(
      'Dafalgan 500 mg 30 comprimés',
    );
    expect((await listRecentSearches(8, 'fr')).map((s) => s.fetchedAt)).toEqual(['2026-03-14T09:30:00.000Z']);
    expect((await findSavedProductBySlug('dafalgan-500-mg-30-comprimes-3720083', 'nl'))?.name).toBe(
      'Dafalgan 500 mg 30 tabletten',
    );
  });
});

describe('searches saved before they were kept per language', () => {
  it('are kept as French searches when the database is upgraded', async () => {
    const name = `${DB_NAME}-upgrade-test`;
    const before = new Dexie(name);
    // The schema as version 5 left it (db.ts): searches keyed by the normalised query alone.
    before.version(5).stores({ searches: 'query, savedAt' });
    await before.table('searches').put({
      query: 'name:dafalgan',
      kind: 'name',
      label: 'dafalgan',
      result: result('dafalgan'),
      fetchedAt: '2026-03-14T09:30:00.000Z',
      savedAt: 1,
    });
    before.close();

    const after = new PharmaRadarDb(name);
    const entries = await after.searches.toArray();
    after.close();
    await Dexie.delete(name);
    expect(entries).toEqual([expect.objectContaining({ query: 'fr|name:dafalgan', lang: 'fr', label: 'dafalgan' })]);
  });
});

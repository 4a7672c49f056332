import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { hasSavedSearch } from './saved-search';

// The journeys' probe of the saved searches runs while the app may not have opened its database yet:
// it must answer "not yet" without ever creating the database or keeping the app from upgrading it.

const KEY = 'fr|name:ibuprofen';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Opens the database as the app's Dexie does (a higher version, the stores made in the upgrade). */
function openAsTheApp(version = 80): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('pharmaradar', version);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains('searches'))
        open.result.createObjectStore('searches', { keyPath: 'query' });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
    open.onblocked = () => reject(new Error('the app was blocked'));
  });
}

describe('hasSavedSearch', () => {
  beforeEach(() => vi.stubGlobal('indexedDB', new IDBFactory()));
  afterEach(() => vi.unstubAllGlobals());

  it('says "not saved" before the app has a database, and does not create one', async () => {
    expect(await hasSavedSearch(KEY)).toBe(false);
    expect(await indexedDB.databases()).toEqual([]);
    const db = await openAsTheApp();
    expect([...db.objectStoreNames]).toEqual(['searches']);
    db.close();
  });

  it('finds the search once the app has saved it, and leaves the app free to upgrade after', async () => {
    const db = await openAsTheApp();
    expect(await hasSavedSearch(KEY)).toBe(false);
    await request(db.transaction('searches', 'readwrite').objectStore('searches').put({ query: KEY }));
    expect(await hasSavedSearch(KEY)).toBe(true);
    db.close();
    (await openAsTheApp(90)).close();
  });

  it('says "not saved" for a database without the searches store', async () => {
    const open = indexedDB.open('pharmaradar', 10);
    open.onupgradeneeded = () => open.result.createObjectStore('basket', { keyPath: 'cnk' });
    (await request(open)).close();
    expect(await hasSavedSearch(KEY)).toBe(false);
  });
});

import { db } from '../../../db/db';

/**
 * Holds IndexedDB's offers store with a read-write transaction kept busy, as a slow device does: no
 * other write to it can commit until the returned function is called.
 */
export function holdOffersStore(): () => void {
  let held = true;
  const store = db.backendDB().transaction('proOffers', 'readwrite').objectStore('proOffers');
  const spin = () => {
    if (held) store.count().onsuccess = spin;
  };
  spin();
  return () => {
    held = false;
  };
}

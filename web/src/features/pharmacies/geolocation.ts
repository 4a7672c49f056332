import type { Position } from './nearby-client';

/** docs/product.md#messages 'Nearby': the position errors a user can see. */
export type LocateError = 'unsupported' | 'denied' | 'unavailable';

export class LocateFailure extends Error {
  constructor(readonly kind: LocateError) {
    super(kind);
    this.name = 'LocateFailure';
  }
}

/**
 * The browser's position, once (no watch: the map is for "near me now"). A cached fix up to a minute
 * old is fine and answers at once; a timeout counts as unavailable.
 */
export function locate(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!geolocation || typeof geolocation.getCurrentPosition !== 'function') {
      reject(new LocateFailure('unsupported'));
      return;
    }
    geolocation.getCurrentPosition(
      (fix) => resolve({ lat: fix.coords.latitude, lon: fix.coords.longitude }),
      (error) => reject(new LocateFailure(error.code === 1 ? 'denied' : 'unavailable')),
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 60_000 },
    );
  });
}

import type { NearbyPharmacy } from '@pharmaradar/shared/pharmacies.schema';

/**
 * A link that opens the user's own maps app with directions to the pharmacy: the geo: URI on Android
 * (any installed maps app answers it), Apple Maps on Apple devices, else Google Maps' documented
 * cross-platform directions URL (app on phones, web elsewhere). No position of the user is in it.
 */
export function directionsUrl(pharmacy: Pick<NearbyPharmacy, 'lat' | 'lon' | 'name'>, userAgent: string): string {
  const to = `${pharmacy.lat},${pharmacy.lon}`;
  if (/android/i.test(userAgent)) return `geo:${to}?q=${to}(${encodeURIComponent(pharmacy.name)})`;
  if (/iphone|ipad|ipod|macintosh/i.test(userAgent)) return `https://maps.apple.com/?daddr=${to}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${to}`;
}

import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
// Marker pictures come from the app's own bundle, never from a CDN (Leaflet's default guesses a path).
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import type { NearbyPharmacy } from '@pharmaradar/shared/pharmacies.schema';
import type { Position } from './nearby-client';

const PHARMACY_ICON = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

export interface MapOptions {
  tileUrl: string;
  attribution: string;
  maxZoom: number;
  youLabel: string;
  /** Tiles keep failing and none loaded: the map is unusable (the list still works). */
  onLoadFailure: () => void;
}

export interface MapHandle {
  show(position: Position, pharmacies: NearbyPharmacy[]): void;
  focus(id: string): void;
  showMe(): void;
  destroy(): void;
}

function popupContent(p: NearbyPharmacy): HTMLElement {
  // Built as DOM nodes, not HTML strings: names come from imported data.
  const box = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = p.name;
  const address = document.createElement('div');
  address.textContent = [p.address, [p.postal_code, p.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  box.append(name, address);
  return box;
}

/** The Leaflet map of the nearby page; loaded as its own chunk only when the page shows a map. */
export function createMap(element: HTMLElement, options: MapOptions): MapHandle {
  const map = L.map(element, { zoomControl: true, attributionControl: true });
  // The attribution is plain text from the configuration; Leaflet's prefix links to leafletjs.com.
  const tiles = L.tileLayer(options.tileUrl, {
    maxZoom: options.maxZoom,
    attribution: options.attribution.replace(/</g, '&lt;'),
  }).addTo(map);
  let loaded = 0;
  let failed = 0;
  tiles.on('tileload', () => loaded++);
  tiles.on('tileerror', () => {
    failed++;
    if (loaded === 0 && failed === 4) options.onLoadFailure();
  });
  const layer = L.layerGroup().addTo(map);
  const markers = new Map<string, L.Marker>();
  let centre: Position | null = null;

  return {
    show(position, pharmacies) {
      centre = position;
      layer.clearLayers();
      markers.clear();
      const you = L.circleMarker([position.lat, position.lon], {
        radius: 8,
        color: '#ffffff',
        weight: 3,
        fillColor: '#1d4ed8',
        fillOpacity: 1,
      })
        .bindTooltip(options.youLabel)
        .addTo(layer);
      const bounds = L.latLngBounds([you.getLatLng()]);
      for (const p of pharmacies) {
        const marker = L.marker([p.lat, p.lon], { icon: PHARMACY_ICON, title: p.name, alt: p.name })
          .bindPopup(popupContent(p))
          .addTo(layer);
        markers.set(p.id, marker);
        bounds.extend(marker.getLatLng());
      }
      if (pharmacies.length > 0) map.fitBounds(bounds, { padding: [32, 32], maxZoom: 16 });
      else map.setView([position.lat, position.lon], 14);
    },
    focus(id) {
      const marker = markers.get(id);
      if (!marker) return;
      map.setView(marker.getLatLng(), Math.max(map.getZoom(), 16));
      marker.openPopup();
    },
    showMe() {
      if (centre) map.setView([centre.lat, centre.lon], Math.max(map.getZoom(), 15));
    },
    destroy() {
      map.remove();
    },
  };
}

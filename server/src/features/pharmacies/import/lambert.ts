import proj4 from 'proj4';

/** EPSG:3812, ETRS89 / Belgian Lambert 2008: the X/Y of the FAGG/AFMPS pharmacy list. */
const LAMBERT_2008 =
  '+proj=lcc +lat_0=50.797815 +lon_0=4.35921583333333 +lat_1=49.8333333333333 +lat_2=51.1666666666667 ' +
  '+x_0=649328 +y_0=665262 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';

const toWgs84 = proj4(LAMBERT_2008, 'EPSG:4326');

/** Lambert 2008 metres to WGS84 degrees (ETRS89 and WGS84 differ by well under a metre here). */
export function lambert2008ToWgs84(x: number, y: number): { lat: number; lon: number } {
  const [lon, lat] = toWgs84.forward([x, y]);
  return { lat: lat!, lon: lon! };
}

/** Belgium and its borders, with a margin: a point outside is a bad row, not a pharmacy. */
export function isInBelgium(lat: number, lon: number): boolean {
  return lat >= 49.45 && lat <= 51.55 && lon >= 2.5 && lon <= 6.45;
}

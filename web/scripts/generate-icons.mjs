// Draws the PharmaRadar mark (pharmacy cross inside radar rings, same as public/favicon.svg) into the
// PWA PNG icons with node:zlib only. Run: `node web/scripts/generate-icons.mjs` (output is committed).
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
const TEAL = [15, 118, 110];
const RING = [153, 246, 228];
const SWEEP = [94, 234, 212];
const WHITE = [255, 255, 255];

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function insideRoundedRect(x, y, x0, y0, x1, y1, r) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** Colour of a point in the 48x48 design space (or null = transparent); `fullBleed` fills the square. */
function sample(u, v, fullBleed) {
  const layers = [];
  if (fullBleed || insideRoundedRect(u, v, 0, 0, 48, 48, 12)) layers.push([TEAL, 1]);
  else return null;
  const dx = u - 24;
  const dy = v - 24;
  const d = Math.hypot(dx, dy);
  // Sweep: from straight up, clockwise to about 70 degrees.
  const angle = Math.atan2(dx, -dy);
  if (d <= 16 && angle >= 0 && angle <= 1.22) layers.push([SWEEP, 0.45]);
  if (Math.abs(d - 16) <= 1) layers.push([RING, 0.7]);
  if (Math.abs(d - 10) <= 1) layers.push([RING, 0.5]);
  if (insideRoundedRect(u, v, 21, 15, 27, 33, 1.5) || insideRoundedRect(u, v, 15, 21, 33, 27, 1.5))
    layers.push([WHITE, 1]);
  let color = [0, 0, 0];
  for (const [c, a] of layers) color = color.map((value, i) => value * (1 - a) + c[i] * a);
  return color;
}

/** `scale` < 1 shrinks the mark inside the canvas (maskable icons keep it in the 80 % safe zone). */
function render(size, { fullBleed = false, scale = 1 } = {}) {
  const SS = 4;
  const rgba = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SS; sy += 1) {
        for (let sx = 0; sx < SS; sx += 1) {
          const px = (x + (sx + 0.5) / SS) / size;
          const py = (y + (sy + 0.5) / SS) / size;
          const u = ((px - 0.5) / scale + 0.5) * 48;
          const v = ((py - 0.5) / scale + 0.5) * 48;
          const inCanvas = u >= 0 && u <= 48 && v >= 0 && v <= 48;
          const c = inCanvas ? sample(u, v, fullBleed) : fullBleed ? TEAL : null;
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 1;
          }
        }
      }
      const i = (y * size + x) * 4;
      const n = SS * SS;
      rgba[i] = a ? Math.round(r / a) : 0;
      rgba[i + 1] = a ? Math.round(g / a) : 0;
      rgba[i + 2] = a ? Math.round(b / a) : 0;
      rgba[i + 3] = Math.round((a / n) * 255);
    }
  }
  return encodePng(size, rgba);
}

mkdirSync(OUT, { recursive: true });
writeFileSync(`${OUT}icon-192.png`, render(192));
writeFileSync(`${OUT}icon-512.png`, render(512));
writeFileSync(`${OUT}icon-maskable-512.png`, render(512, { fullBleed: true, scale: 0.8 }));
writeFileSync(`${OUT}apple-touch-icon.png`, render(180, { fullBleed: true, scale: 0.9 }));
console.log(`icons written to ${OUT}`);

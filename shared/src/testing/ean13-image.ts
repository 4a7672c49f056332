// Test support: a small, pure EAN-13 encoder that draws a pack's bar code as pixels, so tests decode
// real bar code images of the demo products (the unit tests through the app's reader, the end-to-end
// journey through Chromium's fake camera). Not used by the app itself.

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const G = [
  '0100111',
  '0110011',
  '0011011',
  '0100001',
  '0011101',
  '0111001',
  '0000101',
  '0010001',
  '0001001',
  '0010111',
];
const R = [
  '1110010',
  '1100110',
  '1101100',
  '1000010',
  '1011100',
  '1001110',
  '1010000',
  '1000100',
  '1001000',
  '1110100',
];
/** Which of the six left digits use the G set, by the first (implicit) digit. */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** The 95 modules of an EAN-13 ('1' = bar), guards included, without quiet zones. */
export function ean13Modules(ean: string): string {
  if (!/^\d{13}$/.test(ean)) throw new Error(`not 13 digits: ${ean}`);
  const digits = [...ean].map(Number);
  const parity = PARITY[digits[0]!]!;
  let modules = '101';
  for (let i = 1; i <= 6; i++) modules += (parity[i - 1] === 'L' ? L : G)[digits[i]!]!;
  modules += '01010';
  for (let i = 7; i <= 12; i++) modules += R[digits[i]!]!;
  return `${modules}101`;
}

/** A grey image: one byte per pixel, 0 = black, 255 = white. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * The bar code drawn at `scale` pixels per module, `barHeight` pixels tall, centred on a white canvas
 * of `width` x `height` (at least the symbol plus its 11-module quiet zones).
 */
export function drawEan13(
  ean: string,
  options: { scale?: number; barHeight?: number; width?: number; height?: number } = {},
): GreyImage {
  const modules = ean13Modules(ean);
  const scale = options.scale ?? 3;
  const barHeight = options.barHeight ?? 60 * scale;
  const symbolWidth = (modules.length + 22) * scale;
  const width = Math.max(options.width ?? symbolWidth, symbolWidth);
  const height = Math.max(options.height ?? barHeight + 20 * scale, barHeight);
  const pixels = new Uint8Array(width * height).fill(255);
  const left = Math.floor((width - modules.length * scale) / 2);
  const top = Math.floor((height - barHeight) / 2);
  for (let m = 0; m < modules.length; m++) {
    if (modules[m] !== '1') continue;
    for (let y = top; y < top + barHeight; y++)
      pixels.fill(0, y * width + left + m * scale, y * width + left + (m + 1) * scale);
  }
  return { width, height, pixels };
}

/** RGBA bytes of a grey image, the shape of a canvas ImageData. */
export function toRgba(image: GreyImage): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  image.pixels.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
  return rgba;
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

/**
 * A YUV4MPEG2 (.y4m) video of `frames` identical frames, what Chromium's
 * --use-file-for-fake-video-capture plays as the camera. Width and height must be even.
 */
export function toY4m(image: GreyImage, frames = 10): Uint8Array {
  if (image.width % 2 || image.height % 2) throw new Error('y4m 4:2:0 needs even width and height');
  const header = ascii(`YUV4MPEG2 W${image.width} H${image.height} F10:1 Ip A1:1 C420jpeg\n`);
  const frameHeader = ascii('FRAME\n');
  const chroma = (image.width / 2) * (image.height / 2);
  const frameSize = frameHeader.length + image.pixels.length + 2 * chroma;
  const out = new Uint8Array(header.length + frames * frameSize);
  out.set(header, 0);
  for (let f = 0; f < frames; f++) {
    let at = header.length + f * frameSize;
    out.set(frameHeader, at);
    at += frameHeader.length;
    // Full-range grey to video-range luma; neutral chroma.
    for (let i = 0; i < image.pixels.length; i++) out[at + i] = 16 + Math.round((image.pixels[i]! * 219) / 255);
    out.fill(128, at + image.pixels.length, at + image.pixels.length + 2 * chroma);
  }
  return out;
}

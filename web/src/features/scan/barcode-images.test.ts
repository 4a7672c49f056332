import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { classifyQuery } from '@pharmaradar/shared/cnk';
import { DEMO_PACKS } from '@pharmaradar/shared/testing/demo-packs';
import { drawEan13, toRgba, type GreyImage } from '@pharmaradar/shared/testing/ean13-image';
import { SCAN_FORMATS } from './barcode-reader';

// Real bar code images of demo products, decoded by the very reader the app falls back to (the
// barcode-detector ZXing ponyfill at the version the app ships), then classified as the search does.

const wasm = (file: 'reader/zxing_reader.wasm' | 'writer/zxing_writer.wasm') =>
  readFileSync(createRequire(import.meta.url).resolve(`zxing-wasm/${file}`));

type Detector = { detect(image: unknown): Promise<Array<{ rawValue: string; format: string }>> };
let detector: Detector;

/** jsdom has no ImageData: the DOM's shape (what a canvas frame of the camera is), as zxing documents. */
class FrameData {
  constructor(
    readonly data: Uint8ClampedArray,
    readonly width: number,
    readonly height: number,
  ) {}
}
(globalThis as { ImageData?: unknown }).ImageData ??= FrameData;

function imageData(image: GreyImage): unknown {
  return new (globalThis as unknown as { ImageData: typeof FrameData }).ImageData(
    toRgba(image),
    image.width,
    image.height,
  );
}

/** A GS1 DataMatrix as the FMD prints it on medicine packs, drawn by ZXing's writer. */
async function drawDataMatrix(content: string, scale = 6): Promise<GreyImage> {
  const { writeBarcode, prepareZXingModule } = await import('zxing-wasm/writer');
  prepareZXingModule({ overrides: { wasmBinary: wasm('writer/zxing_writer.wasm').buffer as ArrayBuffer } });
  const written = await writeBarcode(content, { format: 'DataMatrix', options: 'gs1' } as never);
  if (!written.symbol) throw new Error(written.error);
  const { width: modules, data } = written.symbol;
  const size = (modules + 8) * scale;
  const pixels = new Uint8Array(size * size).fill(255);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const mx = Math.floor(x / scale) - 4;
      const my = Math.floor(y / scale) - 4;
      if (mx >= 0 && my >= 0 && mx < modules && my < modules && data[my * modules + mx]! < 128)
        pixels[y * size + x] = 0;
    }
  return { width: size, height: size, pixels };
}

beforeAll(async () => {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Tests read the .wasm from disk; the app points locateFile at its own copy (barcode-reader.ts).
  prepareZXingModule({ overrides: { wasmBinary: wasm('reader/zxing_reader.wasm').buffer as ArrayBuffer } });
  detector = new BarcodeDetector({ formats: [...SCAN_FORMATS] });
});

describe('scanning demo packs', () => {
  it.each(DEMO_PACKS)('reads the EAN-13 of $name and searches it as an EAN', async (pack) => {
    const codes = await detector.detect(imageData(drawEan13(pack.ean, { width: 640, height: 480 })));
    expect(codes.map((c) => [c.format, c.rawValue])).toEqual([['ean_13', pack.ean]]);
    expect(classifyQuery(codes[0]!.rawValue)).toEqual({ kind: 'ean', value: pack.ean });
  });

  it('reads the GTIN of a medicine pack’s GS1 DataMatrix (AI 01, with expiry, lot and serial)', async () => {
    const pack = DEMO_PACKS[0]!;
    const image = await drawDataMatrix(`(01)0${pack.ean}(17)281231(10)LOT42(21)SN123456789`);
    const codes = await detector.detect(imageData(image));
    expect(codes.map((c) => c.format)).toEqual(['data_matrix']);
    expect(classifyQuery(codes[0]!.rawValue)).toEqual({ kind: 'ean', value: pack.ean });
  });

  it('finds nothing in an image without a code, and a damaged bar code is not misread', async () => {
    expect(
      await detector.detect(imageData({ width: 320, height: 240, pixels: new Uint8Array(320 * 240).fill(255) })),
    ).toEqual([]);
    const damaged = drawEan13(DEMO_PACKS[1]!.ean, { width: 640, height: 480 });
    damaged.pixels.fill(255, 0, damaged.width * damaged.height * 0.6); // the top 60 %: still bars below
    for (let y = 0; y < damaged.height; y++) damaged.pixels.fill(255, y * damaged.width + 300, y * damaged.width + 340);
    expect(await detector.detect(imageData(damaged))).toEqual([]);
  });
});

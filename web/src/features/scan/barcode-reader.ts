import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// What reads the camera frames: the browser's own BarcodeDetector when it knows both formats a pack
// carries (EAN-13 and the GS1 DataMatrix), else the ZXing WebAssembly ponyfill. The ponyfill would
// fetch its .wasm from jsDelivr; locateFile points it at the copy the app serves, which the service
// worker keeps from the first scan on (docs/architecture.md#regulated-facts, ADR 115, ADR 165), so
// scanning works offline and nothing leaves our origin.

export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'data_matrix'] as const;

export interface DetectedCode {
  rawValue: string;
  format: string;
}

export interface BarcodeReader {
  readonly native: boolean;
  detect(source: HTMLVideoElement | ImageBitmapSource): Promise<DetectedCode[]>;
}

interface DetectorLike {
  detect(source: unknown): Promise<DetectedCode[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/** The app's own URL of zxing_reader.wasm (a hashed asset of the build). */
export const ZXING_WASM_URL: string = wasmUrl;

async function nativeReader(): Promise<BarcodeReader | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!supported.includes('ean_13') || !supported.includes('data_matrix')) return null;
    const detector = new Native({ formats: SCAN_FORMATS.filter((f) => supported.includes(f)) });
    return { native: true, detect: (source) => detector.detect(source) };
  } catch {
    return null;
  }
}

let zxingReady: Promise<unknown> | null = null;

/**
 * Loads the ponyfill and instantiates its .wasm now, so a reader that cannot start (no WebAssembly,
 * the file unreachable) is known before scanning, not as frames failing one after another.
 */
async function ponyfill() {
  const module = await import('barcode-detector/ponyfill');
  zxingReady ??= module.prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? ZXING_WASM_URL : prefix + path),
    },
    fireImmediately: true,
  });
  try {
    await zxingReady;
  } catch (error) {
    zxingReady = null; // the next dialog tries again (e.g. back online before the app was cached)
    throw error;
  }
  return module;
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = await nativeReader();
  if (native) return native;
  const { BarcodeDetector } = await ponyfill();
  const detector = new BarcodeDetector({ formats: [...SCAN_FORMATS] });
  return { native: false, detect: (source) => detector.detect(source as ImageBitmapSource) };
}

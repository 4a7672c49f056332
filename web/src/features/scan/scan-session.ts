import { parseGtin } from '@pharmaradar/shared/gtin';
import type { BarcodeReader } from './barcode-reader';

// One camera session of the scan dialog: ask for the camera, show it, read frames until a code that
// is a product GTIN appears. Kept out of the component so its states read as one sequence.

export type ScanState =
  | { status: 'asking' }
  | { status: 'scanning'; wrongCode: boolean }
  | { status: 'denied' }
  | { status: 'unsupported' }
  | { status: 'notFound' };

/** How often a frame is read: enough for a steady hand, light on a counter tablet's CPU. */
const FRAME_INTERVAL_MS = 200;

export interface ScanSessionOptions {
  video: HTMLVideoElement;
  loadReader: () => Promise<BarcodeReader>;
  onState: (state: ScanState) => void;
  onCode: (gtin: string) => void;
}

/** The state a getUserMedia failure means for the user. */
export function cameraFailureState(error: unknown): ScanState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { status: 'denied' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return { status: 'notFound' };
  return { status: 'unsupported' };
}

/** Starts the session; the returned function stops the camera and the frame loop. */
export function startScanSession({ video, loadReader, onState, onCode }: ScanSessionOptions): () => void {
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    stream?.getTracks().forEach((track) => track.stop());
    video.srcObject = null;
  };

  void (async () => {
    if (!navigator.mediaDevices?.getUserMedia) return onState({ status: 'unsupported' });
    onState({ status: 'asking' });
    // The reader (and its .wasm) loads while the browser asks for the camera.
    const reader = loadReader();
    reader.catch(() => undefined);
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 } },
        audio: false,
      });
    } catch (error) {
      if (!stopped) onState(cameraFailureState(error));
      return;
    }
    if (stopped) return stop();
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    let detector: BarcodeReader;
    try {
      detector = await reader;
    } catch {
      stop();
      return onState({ status: 'unsupported' });
    }
    if (stopped) return;
    onState({ status: 'scanning', wrongCode: false });
    const tick = async () => {
      if (stopped) return;
      if (video.readyState >= 2) {
        let gtin: string | null = null;
        let sawCode = false;
        try {
          for (const code of await detector.detect(video)) {
            sawCode = true;
            gtin ??= parseGtin(code.rawValue);
          }
        } catch {
          /* a frame that cannot be read: try the next one */
        }
        if (stopped) return;
        if (gtin) {
          stop();
          return onCode(gtin);
        }
        if (sawCode) onState({ status: 'scanning', wrongCode: true });
      }
      timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
    };
    void tick();
  })();

  return stop;
}

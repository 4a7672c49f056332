/** docs/architecture.md#client-rules, docs/product.md#messages: lazy page chunks load with a 120 s timeout; a failure is a ChunkLoadError. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        // Vite/browsers word this differently: "Failed to fetch dynamically imported module",
        // "error loading dynamically imported module", "Importing a module script failed".
        reject(new ChunkLoadError(error instanceof Error ? error.message : 'Loading chunk failed', error));
      },
    );
  });
}

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Loading chunk .* failed/i.test(error.message)
  );
}

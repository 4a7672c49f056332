// The push message's JSON read without zod: the service worker's push script is built on its own and
// reads nothing else, so zod would be nearly all of it (ADR 256). The zod schema of the same shape,
// pushPayloadSchema in push.schema.ts, proves at compile time that both describe one type, and
// push-payload.test.ts runs both on one set of payloads so that they accept and refuse the same.

/** The JSON a push message carries, decrypted by the browser and read by the service worker. */
export interface PushPayload {
  title: string;
  body: string;
  /** Same-origin path of the product page to open, e.g. /nl/product/1234567 */
  url: string;
  /** One notification per product: a newer price replaces the older one. */
  tag: string;
}

/**
 * The payload's four fields, or null when `raw` is not in the shape: what
 * `pushPayloadSchema.safeParse(raw)` gives (extra fields dropped), without zod.
 */
export function readPushPayload(raw: unknown): PushPayload | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { title, body, url, tag } = raw as Record<string, unknown>;
  if (typeof title !== 'string' || typeof body !== 'string' || typeof tag !== 'string') return null;
  if (typeof url !== 'string' || !url.startsWith('/')) return null;
  return { title, body, url, tag };
}

import { z } from 'zod';
import type { PushPayload } from './push-payload';
import type { Same } from './same-type';

export type { PushPayload } from './push-payload';

// Web Push for price alerts: the shapes the server validates at its routes, the app sends and
// the service worker reads. The browser's push service is reached with the protocol of
// RFC 8030 (delivery), RFC 8291 (payload encryption) and RFC 8292 (VAPID).

/** Push subscriptions one account may hold: one per device, a household's phones and a counter's tablets. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** Base64url of exactly `bytes` bytes, padded or not (no Buffer: the app runs this too). */
const base64url = (bytes: number) =>
  z
    .string({ error: 'required' })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'invalid_key' })
    .refine((v) => v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), { error: 'invalid_key' });

/** GET /api/push/key/: the server's VAPID public key, an uncompressed P-256 point (65 bytes). */
export const pushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** POST /api/push/subscriptions/ body: what `PushSubscription.toJSON()` gives, less `expirationTime`. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string({ error: 'required' }).url({ error: 'invalid_endpoint' }).max(2048, { error: 'invalid_endpoint' }),
  keys: z.object({
    /** The device's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65),
    /** The device's authentication secret (16 bytes). */
    auth: base64url(16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions/ body: this device's endpoint. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: 'required' }).max(2048, { error: 'invalid_endpoint' }),
});

/** One device with push on, as the account page lists it (the endpoint itself is not shown). */
export const pushDeviceSchema = z.object({
  id: z.number().int().positive(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, ...). */
  service: z.string(),
  /** A short browser and system label taken from the User-Agent when push was turned on. */
  device: z.string(),
  created_at: z.string(),
  /** True for the device that made this request (matched by its endpoint when it sends one). */
  current: z.boolean(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDeviceListSchema = z.object({ devices: z.array(pushDeviceSchema) });
export type PushDeviceList = z.infer<typeof pushDeviceListSchema>;

/**
 * The JSON a push message carries, decrypted by the browser and read by the service worker. The worker
 * reads it with the zod-free readPushPayload (push-payload.ts); the proof below keeps both one type.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Same-origin path of the product page to open, e.g. /nl/product/1234567 */
  url: z.string().startsWith('/'),
  /** One notification per product: a newer price replaces the older one. */
  tag: z.string(),
});
const pushPayloadMatchesSchema: Same<z.infer<typeof pushPayloadSchema>, PushPayload> = true;
void pushPayloadMatchesSchema;

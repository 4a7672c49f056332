import http from 'node:http';
import https from 'node:https';
import webPush from 'web-push';
import { addressCheckedLookup } from '../../retailers/lib/fetch-address-policy';
import { systemResolver, type Resolver } from '../../retailers/lib/resolver';
import { allowedEndpoint, isLoopbackHost, type EndpointPolicy } from './push-endpoint';
import type { VapidKeys } from './push-keys';

/** A device's subscription as the sender needs it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** The JSON the service worker reads (encrypted for the device). */
  payload: string;
  /** Seconds the push service keeps the message for a device that is off (RFC 8030 TTL). */
  ttlSeconds: number;
  /** RFC 8030 Topic: a newer message of the same topic replaces one not yet delivered. */
  topic: string;
}

/**
 * What the push service answered: its status (0 when it could not be reached or the endpoint is
 * refused) and, for 429/503, how long it asked us to wait.
 */
export interface PushOutcome {
  status: number;
  retryAfterMs: number | null;
}

/** The port the delivery job sends through (one message to one device). */
export interface PushSender {
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

export interface WebPushSenderOptions {
  vapid: VapidKeys;
  policy: EndpointPolicy;
  /** Injectable so tests can play a DNS answer that points at a private address. */
  resolver?: Resolver;
  timeoutMs?: number;
}

function retryAfterMs(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * The sender: web-push encrypts the payload (RFC 8291, aes128gcm) and signs the VAPID JWT (RFC 8292);
 * the request itself (RFC 8030) goes out here, through the outbound-fetch policy: the endpoint is
 * checked again and the host's addresses are checked at connect time, so a name that resolves to a
 * private address is refused (DNS rebinding). web-push's own transport has no such check.
 */
export function createWebPushSender(options: WebPushSenderOptions): PushSender {
  const resolver = options.resolver ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? 15_000;
  return {
    send(target, message) {
      const url = allowedEndpoint(target.endpoint, options.policy);
      if (!url) return Promise.resolve({ status: 0, retryAfterMs: null });
      const details = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        message.payload,
        {
          vapidDetails: options.vapid,
          TTL: message.ttlSeconds,
          topic: message.topic,
          urgency: 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
      const loopback = options.policy.allowLoopback && isLoopbackHost(url.hostname);
      const transport = url.protocol === 'http:' ? http : https;
      return new Promise<PushOutcome>((resolve) => {
        const request = transport.request(
          url,
          {
            method: details.method,
            headers: details.headers as Record<string, string | number>,
            lookup: addressCheckedLookup(resolver, loopback),
            timeout: timeoutMs,
          },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                retryAfterMs: retryAfterMs(response.headers['retry-after']),
              }),
            );
            response.on('error', () => resolve({ status: 0, retryAfterMs: null }));
          },
        );
        request.on('timeout', () => request.destroy(new Error('push service timed out')));
        request.on('error', () => resolve({ status: 0, retryAfterMs: null }));
        request.end(details.body ?? undefined);
      });
    },
  };
}

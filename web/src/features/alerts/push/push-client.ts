import {
  pushDeviceListSchema,
  pushDeviceSchema,
  pushKeySchema,
  type PushDevice,
  type PushSubscriptionInput,
} from '@pharmaradar/shared/push.schema';
import { z } from 'zod';
import { api, isApiRequestError } from '../../../lib/api/client';

// Web Push on this device, loaded on use (the account page, the alert form, a logout): none of it
// is in the first screens' JavaScript. The rule it keeps: after any of its actions, this browser
// holds a push subscription exactly when the server stores it for the logged-in user.

/** What this device can do: push, push once installed on the Home Screen (iPhone, iPad), or none. */
export type PushSupport = 'supported' | 'install' | 'unsupported';
export type PushState = 'on' | 'off' | 'denied' | 'install' | 'unsupported';
/** Why turning push on or off failed, each with its own message. */
export type PushFailure = 'network' | 'push_service' | 'push_limit' | 'invalid_endpoint' | 'no_worker' | 'failed';

export class PushError extends Error {
  constructor(readonly failure: PushFailure) {
    super(failure);
  }
}

/** iOS and iPadOS (which says it is a Mac, with a touch screen) have the Push API only in the installed app. */
const isAppleMobile = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) ||
  (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  return isAppleMobile() ? 'install' : 'unsupported';
}

/** The worker's registration; it registers after the page loads, so a tap right away waits a little for it. */
async function registration(waitMs = 10_000): Promise<ServiceWorkerRegistration> {
  const ready = navigator.serviceWorker.ready;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  const found = await Promise.race([ready, late]);
  clearTimeout(timer);
  if (!found) throw new PushError('no_worker');
  return found;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const found = await navigator.serviceWorker.getRegistration();
  return (await found?.pushManager.getSubscription()) ?? null;
}

export async function readPushState(): Promise<PushState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (Notification.permission === 'denied') return 'denied';
  return (await currentSubscription()) ? 'on' : 'off';
}

function base64urlBytes(value: string): Uint8Array<ArrayBuffer> {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, ''));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const { endpoint = subscription.endpoint, keys } = subscription.toJSON();
  return { endpoint, keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } };
}

const pushDeviceResponse = z.object({ device: pushDeviceSchema });

const failureOf = (error: unknown): PushFailure => {
  if (error instanceof PushError) return error.failure;
  if (isApiRequestError(error)) {
    if (error.code === 'network' || error.code === 'timeout') return 'network';
    if (error.code === 'push_limit' || error.code === 'invalid_endpoint') return error.code;
  }
  return 'failed';
};

/**
 * Turns push on, from the person's tap only: the browser asks its permission now, never on load.
 * Returns the state reached ('denied' when refused, 'off' when the question was dismissed).
 */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  try {
    const [worker, { publicKey }] = await Promise.all([
      registration(),
      api.get('/push/key/', { schema: pushKeySchema }),
    ]);
    const key = base64urlBytes(publicKey);
    let subscription = await worker.pushManager.getSubscription();
    // Made with a key the server no longer has: its messages could not reach this device.
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    try {
      subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    } catch {
      // The browser's push service refused or could not be reached (a browser without one, a network that blocks it).
      throw new PushError('push_service');
    }
    try {
      await api.post('/push/subscriptions/', subscriptionInput(subscription), { schema: pushDeviceResponse });
    } catch (error) {
      // Not stored: no subscription is left on the device that the server does not know.
      await subscription.unsubscribe().catch(() => false);
      throw error;
    }
    return 'on';
  } catch (error) {
    throw new PushError(failureOf(error));
  }
}

/** Turns push off on this device: the server forgets it first, then the browser (an offline tap changes nothing). */
export async function turnPushOff(): Promise<PushState> {
  try {
    const subscription = await currentSubscription();
    if (subscription) {
      await api.delete('/push/subscriptions/', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    return readPushState();
  } catch (error) {
    throw new PushError(failureOf(error));
  }
}

/** The devices with push on, this one marked `current` (the server matches its endpoint). */
export async function listPushDevices(): Promise<PushDevice[]> {
  const subscription = await currentSubscription().catch(() => null);
  const headers: Record<string, string> = subscription ? { 'X-Push-Endpoint': subscription.endpoint } : {};
  return (await api.get('/push/subscriptions/', { schema: pushDeviceListSchema, headers })).devices;
}

/** Removes one device from the list; this one is also unsubscribed in the browser. */
export async function removePushDevice(device: PushDevice): Promise<void> {
  if (device.current) {
    await turnPushOff();
    return;
  }
  try {
    await api.delete(`/push/subscriptions/${device.id}/`);
  } catch (error) {
    throw new PushError(failureOf(error));
  }
}

/**
 * Before a logout: a shared tablet must not get the last person's alerts. The browser's subscription
 * goes even when the server cannot be told (offline): the server ends that session's subscriptions
 * with the logout itself.
 */
export async function turnPushOffBeforeLogout(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  await api.delete('/push/subscriptions/', { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}

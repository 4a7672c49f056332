import { readPushPayload } from '@pharmaradar/shared/push-payload';

// What the service worker does with a push message and with a tap on its notification, kept out of
// the worker's glue (push.sw.ts) so that it is tested directly.

/** The app's icon, precached: the notification shows it offline too. */
export const PUSH_ICON = '/icons/icon-192.png';

export interface PushNotification {
  title: string;
  options: NotificationOptions & { data: { url: string } };
}

/**
 * The same-origin address `path` names, or null: a notification only ever opens a page of the app.
 * The payload's `startsWith('/')` alone would let `//host/` or `/\host/` through, both read as
 * another origin.
 */
export function appUrl(path: unknown, origin: string): string | null {
  if (typeof path !== 'string') return null;
  try {
    const url = new URL(path, origin);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The notification a push message asks for, or null when the message is not in the shape the
 * server sends (no payload, not JSON, a field missing, a page of another origin). Such a message
 * did not come from this app's server as it is now: inventing a text for it would tell the person
 * something false, and a thrown error would only fail the event. Nothing is shown; the browser may
 * then show its own generic notice, which at least says nothing wrong.
 */
export function notificationOf(data: { json(): unknown } | null, origin: string): PushNotification | null {
  if (!data) return null;
  let raw: unknown;
  try {
    raw = data.json();
  } catch {
    return null;
  }
  // Read without zod: it would be nearly all of the push script (ADR 256).
  const payload = readPushPayload(raw);
  if (!payload) return null;
  const url = appUrl(payload.url, origin);
  if (!url) return null;
  const { title, body, tag } = payload;
  return { title, options: { body, tag, icon: PUSH_ICON, badge: PUSH_ICON, data: { url } } };
}

/** The part of `Clients` the tap needs (the worker's own, or a test's). */
export interface WindowClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}
export interface WindowLike {
  url: string;
  focus(): Promise<WindowLike>;
  navigate(url: string): Promise<unknown>;
}

/**
 * A tap on the notification: the app's window the person used last is focused and shown the
 * product page; without one (or when it cannot be navigated: a page the worker does not control
 * yet) a new window opens on it. A notification's data without a page of the app opens the home page.
 */
export async function openFromNotification(clients: WindowClients, data: unknown, origin: string): Promise<void> {
  const target = appUrl((data as { url?: unknown } | null)?.url, origin) ?? `${origin}/`;
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => w.url.startsWith(`${origin}/`));
  if (open) {
    // Started together: the browser allows focus() only while the tap is recent, and navigate()
    // needs no tap at all (it alone works when the event is dispatched by a test, not a tap).
    const [, navigated] = await Promise.allSettled([open.focus(), open.url === target ? null : open.navigate(target)]);
    // An uncontrolled window refuses navigate(): a new one is opened instead.
    if (navigated.status === 'fulfilled') return;
  }
  await clients.openWindow(target);
}

import { vi } from 'vitest';

// The browser's side of Web Push for jsdom, which has none: Notification's permission, the service
// worker's registration and its PushManager. The app's own code runs as is against it.

/** 65 bytes, as a P-256 public key is (base64url). */
export const SERVER_KEY = `B${'A'.repeat(86)}`;
const DEVICE_KEYS = { p256dh: `B${'C'.repeat(86)}`, auth: 'D'.repeat(22) };

export interface FakePush {
  permission: NotificationPermission;
  /** What the next permission question is answered. */
  answer: NotificationPermission;
  asked: number;
  subscription: { endpoint: string; unsubscribed: boolean } | null;
  /** The push service refuses the next subscribe (as headless Chromium's does). */
  refuse: boolean;
  subscribedWith: Uint8Array[];
}

const bytesOf = (b64url: string) =>
  Uint8Array.from(atob(b64url.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Installs a browser with push (each call starts anew); `vi.unstubAllGlobals` takes it away. */
export function installPushBrowser(start: Partial<FakePush> = {}): FakePush {
  const fake: FakePush = {
    permission: 'default',
    answer: 'granted',
    asked: 0,
    subscription: null,
    refuse: false,
    subscribedWith: [],
    ...start,
  };
  const subscriptionObject = () => {
    const held = fake.subscription;
    if (!held || held.unsubscribed) return null;
    return {
      endpoint: held.endpoint,
      options: { applicationServerKey: bytesOf(SERVER_KEY).buffer },
      toJSON: () => ({ endpoint: held.endpoint, expirationTime: null, keys: DEVICE_KEYS }),
      unsubscribe: async () => ((held.unsubscribed = true), true),
    };
  };
  const pushManager = {
    getSubscription: async () => subscriptionObject(),
    subscribe: async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      fake.subscribedWith.push(applicationServerKey);
      if (fake.refuse) throw new DOMException('Registration failed - push service error', 'AbortError');
      fake.subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/device-1', unsubscribed: false };
      return subscriptionObject();
    },
  };
  const registration = { pushManager };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      get permission() {
        return fake.permission;
      },
      requestPermission: async () => {
        fake.asked += 1;
        fake.permission = fake.answer;
        return fake.answer;
      },
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  return fake;
}

/** Takes the browser's push away again (jsdom's own navigator has no serviceWorker). */
export function removePushBrowser(): void {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

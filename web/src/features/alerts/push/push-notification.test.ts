// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { notificationOf, openFromNotification, PUSH_ICON, type WindowLike } from './push-notification';

const ORIGIN = 'https://pharmaradar.be';
const message = (value: unknown) => ({ json: () => (typeof value === 'string' ? JSON.parse(value) : value) });
const payload = {
  title: 'Prijsdaling: Dafalgan 1 g 20 tabletten',
  body: 'Beste prijs: € 3,49 bij Farmaline',
  url: '/nl/product/1234567',
  tag: 'alert-1234567',
};

describe('push message → notification', () => {
  it('shows the title, body, icon and tag, and keeps the product page for the tap', () => {
    expect(notificationOf(message(JSON.stringify(payload)), ORIGIN)).toEqual({
      title: payload.title,
      options: {
        body: payload.body,
        tag: payload.tag,
        icon: PUSH_ICON,
        badge: PUSH_ICON,
        data: { url: `${ORIGIN}/nl/product/1234567` },
      },
    });
  });

  it.each([
    ['no payload', null],
    ['not JSON', { json: () => JSON.parse('Prix en baisse') }],
    ['a field missing', message({ ...payload, title: undefined })],
    ['a field of the wrong type', message({ ...payload, body: 12 })],
    ['an absolute address', message({ ...payload, url: 'https://evil.example/fr/product/1' })],
    ['a protocol-relative address', message({ ...payload, url: '//evil.example/fr/product/1' })],
    ['a backslash address', message({ ...payload, url: '/\\evil.example/fr/product/1' })],
  ])('shows nothing for a message with %s', (_case, data) => {
    expect(notificationOf(data, ORIGIN)).toBeNull();
  });
});

/** Browser windows as `clients.matchAll` lists them; `opened` records `openWindow`. */
function browser(urls: string[], { controlled = true, allowFocus = true } = {}) {
  const log: string[] = [];
  const windows = urls.map((url) => {
    const w: WindowLike = {
      url,
      focus: async () => {
        if (!allowFocus) throw new DOMException('Not allowed to focus a window.', 'InvalidAccessError');
        log.push(`focus ${w.url}`);
        return w;
      },
      navigate: async (to) => {
        await Promise.resolve();
        if (!controlled) throw new TypeError('not controlled');
        log.push(`navigate ${to}`);
        w.url = to;
        return w;
      },
    };
    return w;
  });
  const clients = {
    matchAll: async () => windows,
    openWindow: async (url: string) => log.push(`open ${url}`),
  };
  return { clients, log };
}

describe('tap on the notification', () => {
  const data = { url: `${ORIGIN}/fr/product/1234567` };

  it('focuses the app window used last and shows it the product page', async () => {
    const { clients, log } = browser([`${ORIGIN}/fr/compte`, `${ORIGIN}/fr/`]);
    await openFromNotification(clients, data, ORIGIN);
    expect(log).toEqual([`focus ${ORIGIN}/fr/compte`, `navigate ${data.url}`]);
  });

  it('only focuses a window already on that page', async () => {
    const { clients, log } = browser([data.url]);
    await openFromNotification(clients, data, ORIGIN);
    expect(log).toEqual([`focus ${data.url}`]);
  });

  it('still shows the product page where focus is refused (no recent tap)', async () => {
    const { clients, log } = browser([`${ORIGIN}/fr/`], { allowFocus: false });
    await openFromNotification(clients, data, ORIGIN);
    expect(log).toEqual([`navigate ${data.url}`]);
  });

  it('opens a window when the app has none', async () => {
    const { clients, log } = browser([]);
    await openFromNotification(clients, data, ORIGIN);
    expect(log).toEqual([`open ${data.url}`]);
  });

  it('opens a window when the open one cannot be navigated (not controlled yet)', async () => {
    const { clients, log } = browser([`${ORIGIN}/fr/`], { controlled: false });
    await openFromNotification(clients, data, ORIGIN);
    expect(log).toEqual([`focus ${ORIGIN}/fr/`, `open ${data.url}`]);
  });

  it('opens the home page, never another origin, for data without a page of the app', async () => {
    for (const bad of [null, {}, { url: 'https://evil.example/' }, { url: '//evil.example/' }]) {
      const { clients, log } = browser([]);
      await openFromNotification(clients, bad, ORIGIN);
      expect(log).toEqual([`open ${ORIGIN}/`]);
    }
  });
});

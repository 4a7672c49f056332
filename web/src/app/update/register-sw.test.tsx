import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Workbox } from 'workbox-window';
import { renderWithProviders } from '../../test/render';
import { startServiceWorker } from '../../lib/pwa/register-sw';
import { UpdatePrompt } from './update-prompt';

// The browser's service worker API is the external part here: a small ServiceWorkerContainer stand-in
// drives the real workbox-window and the real prompt, the way Chromium would.

class FakeWorker extends EventTarget {
  readonly postMessage = vi.fn();
  constructor(
    public state: ServiceWorkerState,
    readonly scriptURL = new URL('/sw.js', location.href).href,
  ) {
    super();
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  readonly scope = new URL('/', location.href).href;
  readonly update = vi.fn(async () => undefined);
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  constructor(readonly registration: FakeRegistration) {
    super();
  }
  readonly register = vi.fn(async () => this.registration);
}

function installContainer() {
  const registration = new FakeRegistration();
  const current = new FakeWorker('activated');
  registration.active = current;
  const container = new FakeContainer(registration);
  container.controller = current;
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return { container, registration };
}

const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

async function start(reload: () => void) {
  stops.push(await startServiceWorker({ load: async () => new Workbox('/sw.js', { scope: '/' }), reload }));
}

describe('service worker update wiring', () => {
  it('a page left while workbox-window loads registers nothing and raises no error', async () => {
    const { container } = installContainer();
    const failed = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const stop = await startServiceWorker({ load: failed, reload: () => undefined });
    expect(stop()).toBeUndefined();
    expect(container.register).not.toHaveBeenCalled();
  });

  it('a version already waiting at start-up shows the prompt; Reload tells that worker to skip waiting', async () => {
    const { container, registration } = installContainer();
    const next = new FakeWorker('installed');
    registration.waiting = next;
    const reload = vi.fn();
    renderWithProviders(<UpdatePrompt />, { locale: 'en' });

    await start(reload);
    expect(container.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const prompt = await screen.findByTestId('update-prompt');
    expect(prompt.textContent).toContain('A new version of PharmaRadar is available.');
    expect(next.postMessage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(next.postMessage).toHaveBeenCalledTimes(1);
    expect(next.postMessage.mock.calls[0]?.[0]).toEqual({ type: 'SKIP_WAITING' });
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    // No reload until the new worker actually controls the page.
    expect(reload).not.toHaveBeenCalled();

    container.controller = next;
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a version found while the page is open shows the prompt once installed, and nothing reloads unasked', async () => {
    const { container, registration } = installContainer();
    const reload = vi.fn();
    renderWithProviders(<UpdatePrompt />, { locale: 'nl' });
    await start(reload);
    expect(screen.queryByTestId('update-prompt')).toBeNull();

    const next = new FakeWorker('installing');
    registration.installing = next;
    registration.dispatchEvent(new Event('updatefound'));
    next.state = 'installed';
    registration.installing = null;
    registration.waiting = next;
    next.dispatchEvent(new Event('statechange'));

    const prompt = await screen.findByTestId('update-prompt');
    expect(prompt.getAttribute('role')).toBe('alert');
    // Another tab taking over must not reload this one while the user has not chosen to.
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    expect(next.postMessage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Herladen' }));
    expect(next.postMessage.mock.calls[0]?.[0]).toEqual({ type: 'SKIP_WAITING' });
  });
});

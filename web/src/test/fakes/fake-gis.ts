import { afterAll, beforeAll, beforeEach } from 'vitest';

/**
 * Google Identity Services is an external service: the page talks to it through window.google. This
 * stand-in implements that protocol (initialize with a callback, renderButton, prompt, cancel), records
 * each call, and lets the test play Google's part by handing the registered callback a credential.
 */
export interface FakeGis {
  /** `initialize:<client id>`, `renderButton`, `prompt`, `cancel`, in order. */
  calls: string[];
  /** Google's answer to the page: the callback given to initialize() receives `credential`. */
  sendCredential(credential: string): void;
  /** Takes window.google away again. */
  remove(): void;
}

export function installFakeGis(): FakeGis {
  const calls: string[] = [];
  let callback: ((response: { credential: string }) => void) | null = null;
  window.google = {
    accounts: {
      id: {
        initialize: (config: Record<string, unknown>) => {
          calls.push(`initialize:${String(config.client_id)}`);
          callback = config.callback as typeof callback;
        },
        renderButton: (parent: HTMLElement) => {
          calls.push('renderButton');
          parent.append(Object.assign(document.createElement('div'), { textContent: 'Sign in with Google' }));
        },
        prompt: () => void calls.push('prompt'),
        cancel: () => void calls.push('cancel'),
      },
    },
  };
  return {
    calls,
    sendCredential: (credential) => callback?.({ credential }),
    remove: () => delete window.google,
  };
}

/**
 * The fake for the tests of one file or describe block: installed before them, its calls forgotten
 * before each, taken away after. The returned object always speaks for the installed fake.
 */
export function serveFakeGis(): Omit<FakeGis, 'remove'> {
  let current: FakeGis | undefined;
  const live = (): FakeGis => {
    if (!current) throw new Error('the fake Google Identity Services only runs inside tests');
    return current;
  };
  beforeAll(() => {
    current = installFakeGis();
  });
  beforeEach(() => {
    live().calls.length = 0;
  });
  afterAll(() => current?.remove());
  return {
    get calls() {
      return live().calls;
    },
    sendCredential: (credential) => live().sendCredential(credential),
  };
}

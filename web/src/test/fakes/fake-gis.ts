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

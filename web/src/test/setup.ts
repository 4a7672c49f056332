import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setIntlErrorHandler } from '../lib/i18n/i18n-provider';
import { recordIntlError, takeMissingMessages } from './missing-messages';
import { installModalDialogPlatform } from './modal-dialog-platform';

// Component tests cross real loopback sockets and load lazy chunks (the search machinery loads on
// use); on a loaded shared 2-core machine that can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// jsdom lacks the modal <dialog> (showModal, Escape, inert page, Tab order): see modal-dialog-platform.
installModalDialogPlatform();

// Every IntlProvider of the app (renderWithProviders and the real root alike) reports here.
setIntlErrorHandler(recordIntlError);

// Each test starts from a blank page, blank storage and the default language (node-environment
// test files have no DOM: skip what does not exist).
afterEach(() => {
  // Unmount first: anything rendered until the very end has had its chance to ask for a message.
  if (typeof document !== 'undefined') {
    cleanup();
    sessionStorage.clear();
    localStorage.clear();
    document.documentElement.lang = 'fr';
  }
  const missing = takeMissingMessages();
  if (missing.length > 0) {
    throw new Error(`Message ids missing from web/public/locales (locale id):\n  ${missing.join('\n  ')}`);
  }
});

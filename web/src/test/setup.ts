import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// Each test starts from a blank page, blank storage and the default language (node-environment
// test files have no DOM: skip what does not exist).
afterEach(() => {
  if (typeof document === 'undefined') return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.lang = 'fr';
});

import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The browser's connection as the app sees it: navigator.onLine plus the matching window event
 * (the spy goes with vi.restoreAllMocks).
 */
export function setConnection(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

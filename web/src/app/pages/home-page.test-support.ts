/** Helpers shared by the home page tests (not a test file itself). */
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, expect } from 'vitest';

/** Waits until the search on screen has ended: its progress says complete. */
export async function waitForComplete() {
  await waitFor(() => expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete'));
}

/**
 * The search machinery and the saved-searches list are lazy chunks in the app; a suite that calls
 * this loads them once up front, so its first test does not pay the module transform inside its timeouts.
 */
export function preloadSearchChunks() {
  beforeAll(async () => {
    await Promise.all([import('../../features/search/run-search'), import('../../features/search/recent-searches')]);
  });
}

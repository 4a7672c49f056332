/** Helpers shared by the home page tests (not a test file itself). */
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, vi } from 'vitest';
import { serveSearchApi } from '../../test/fakes/serve-search-api';
import type { TestServer } from '../../test/fakes/search-api-server';

/** Waits until the search on screen has ended: its progress says complete. */
export async function waitForComplete() {
  await waitFor(() => expect(screen.getByTestId('search-stage').getAttribute('data-stage')).toBe('complete'));
}

/**
 * The usual start of a home page suite: the scripted search API (answered), spies restored after
 * each test and the lazy search chunks (the search machinery and the saved-searches list) loaded
 * once up front, so the first test does not pay the module transform inside its timeouts.
 */
export function setUpHomePageSuite(): TestServer {
  const server = serveSearchApi();
  afterEach(() => {
    vi.restoreAllMocks();
  });
  beforeAll(async () => {
    await Promise.all([import('../../features/search/run-search'), import('../../features/search/recent-searches')]);
  });
  return server;
}

import type { ComponentType } from 'react';
import { loadChunk } from './chunk-load';

type PageModule = { default: ComponentType };

/**
 * A route's page as its own lazy chunk, loaded with the chunk timeout of chunk-load.ts. Every route
 * names its page by a static `import()`, so a page file that does not exist fails the build: no route
 * needs a "not available yet" placeholder any more (ADR 149).
 */
export function lazyPage(importer: () => Promise<PageModule>): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: (await loadChunk(importer)).default });
}

import type { ComponentType } from 'react';
import NotAvailablePage from '../features/not-available/not-available.page';
import { loadChunk } from './chunk-load';

type PageModule = { default: ComponentType };

/**
 * Every `features/<f>/<name>.page.tsx` becomes its own lazy chunk. A route names its page file;
 * while that file does not exist yet (a later issue builds it) the route shows the honest
 * "not available yet" page instead of failing the build.
 */
const pageModules = import.meta.glob<PageModule>([
  '../features/*/*.page.tsx',
  '!../features/not-available/*',
  '!../features/not-found/*',
]);

export function hasPage(name: string): boolean {
  return `../features/${name}.page.tsx` in pageModules;
}

export function lazyPage(name: string): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const importer = pageModules[`../features/${name}.page.tsx`];
    if (!importer) return { Component: NotAvailablePage };
    const module = await loadChunk(importer);
    return { Component: module.default };
  };
}

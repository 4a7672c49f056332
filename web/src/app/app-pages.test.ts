import type { RouteObject } from 'react-router';
import { expect, it } from 'vitest';
import { appPagePaths, isCatchAllPath } from '@pharmaradar/shared/app-pages';
import { routes } from './routes';

// The server answers 404 for a product page it has no product for, and tells those pages from the
// app's own by shared/src/app-pages.ts: that list must be the route table's.
function pagePaths(children: readonly RouteObject[]): string[] {
  return children.flatMap((route) => {
    if (route.path === ':slug/*') return [];
    if (route.path && !route.children) return [route.path];
    const below = pagePaths(route.children ?? []);
    return route.path ? [route.path, ...below.map((p) => `${route.path}/${p}`)] : below;
  });
}

const root = routes[0]!.children!;

it('the app pages the server knows are the route table pages, bare and under a prefix', () => {
  const bare = pagePaths(root.filter((route) => !['fr', 'en', 'nl'].includes(route.path ?? '')));
  const prefixed = pagePaths(root.find((route) => route.path === 'nl')!.children!);
  expect([...bare].sort()).toEqual([...appPagePaths(false)].sort());
  expect([...prefixed].sort()).toEqual([...appPagePaths(true)].sort());
});

it.each([
  ['/dafalgan-1g', true],
  ['/nl/dafalgan-1g/history', true],
  ['/about/x', true],
  ['/de', true],
  ['/nego', true],
  ['/', false],
  ['/nl/', false],
  ['/about/', false],
  ['/nl/nego', false],
  ['/en/reset-password/1/abc', false],
] as const)('%s is the product catch-all: %s', (path, expected) => {
  expect(isCatchAllPath(path)).toBe(expected);
});

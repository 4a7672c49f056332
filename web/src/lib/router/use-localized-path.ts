import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { localizePath, splitLocalePath } from './localized-path';

/** `(path) => string` keeping the current URL's language prefix (none when the URL is bare). */
export function useLocalizedPath(): (path: string) => string {
  const { pathname } = useLocation();
  const { prefix } = splitLocalePath(pathname);
  return useCallback((path: string) => localizePath(path, prefix), [prefix]);
}

import { useCallback } from 'react';
import { useNavigate, type NavigateOptions } from 'react-router';
import { useLocalizedPath } from './use-localized-path';

/** navigate() taking bare app paths ('/compte', '/login?from=/pro'), localized to the current prefix. */
export function useLocalizedNavigate(): (path: string, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const localize = useLocalizedPath();
  return useCallback(
    (path: string, options?: NavigateOptions) => {
      void navigate(localize(path), options);
    },
    [navigate, localize],
  );
}

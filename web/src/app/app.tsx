import { useLayoutEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';

export function App({
  router,
  onFirstCommit,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  /** Runs in the commit that first draws the app (it replaced a server-drawn first screen). */
  onFirstCommit?: () => void;
}) {
  useLayoutEffect(() => onFirstCommit?.(), [onFirstCommit]);
  return <RouterProvider router={router} />;
}

import { useEffect, useLayoutEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { markStart } from '../lib/perf/start-marks';

export function App({
  router,
  onFirstCommit,
}: {
  router: ReturnType<typeof createBrowserRouter>;
  /** Runs in the commit that first draws the app (it replaced a server-drawn first screen). */
  onFirstCommit?: () => void;
}) {
  useLayoutEffect(() => onFirstCommit?.(), [onFirstCommit]);
  useEffect(() => markStart('start:effects'), []);
  return <RouterProvider router={router} />;
}

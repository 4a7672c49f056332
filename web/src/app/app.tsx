import { useEffect, useLayoutEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { markStart } from '../lib/perf/start-marks';
import { TakeoverContext } from '../lib/router/scroll-restoration';

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
  // Constant for the app's life: its first render took a drawn page over or it did not.
  return (
    <TakeoverContext.Provider value={onFirstCommit !== undefined}>
      <RouterProvider router={router} />
    </TakeoverContext.Provider>
  );
}

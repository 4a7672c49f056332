/** Written by the build (vite.config.ts): the Pro tool's files, kept out of the precache (ADR 165). */
export const PRO_OFFLINE_LIST = '/pro-offline.json';

/** Resolves once a service worker controls this page (at once if one does). */
function whenControlled(container: ServiceWorkerContainer): Promise<void> {
  if (container.controller) return Promise.resolve();
  return new Promise((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));
}

/**
 * Has the worker cache the files `listUrl` names, so a screen left out of the precache still opens
 * offline on this device: each file is fetched once through the worker, whose runtime route keeps
 * it. Waits for the worker to control the page (it starts late on a first visit, ADR 165); a file
 * already precached is answered from there. Failures are left for the next visit to retry.
 */
export async function keepForOffline(listUrl: string): Promise<void> {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  await whenControlled(navigator.serviceWorker);
  try {
    const response = await fetch(listUrl, { cache: 'no-cache' });
    if (!response.ok) return;
    const { files } = (await response.json()) as { files: string[] };
    // One at a time, each read to the end (so the worker's copy is whole): this must never crowd
    // out what the person is doing on the page.
    for (const file of files)
      await fetch(file).then(
        (r) => r.arrayBuffer(),
        () => undefined,
      );
  } catch {
    // Offline or a new version deployed meanwhile: the next visit online tries again.
  }
}

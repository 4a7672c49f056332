// Imported by the generated service worker (workbox `importScripts`, built by vite.config.ts's
// pushWorker plugin): the glue between the worker's events and push-notification.ts.
import { notificationOf, openFromNotification } from './push-notification';

const worker = self as unknown as ServiceWorkerGlobalScope;

worker.addEventListener('push', (event) => {
  const shown = notificationOf(event.data, worker.location.origin);
  if (shown) event.waitUntil(worker.registration.showNotification(shown.title, shown.options));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(worker.clients, event.notification.data, worker.location.origin));
});

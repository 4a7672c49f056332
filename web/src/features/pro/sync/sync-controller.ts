// When the device syncs (docs/architecture.md#offline-first-and-sync): on the Pro tool's start, on reconnect,
// shortly after each change, and while the tool is on screen to pull the other devices' (docs/decisions/218).
import { registerBeforeLogout } from '../../../lib/session/before-logout';
import { proStore, type ProStore } from '../data/pro-store';
import { syncOnce, type LostChange, type SyncOutcome } from './group-sync';
import { createPullScheduler, type PullResult } from './pull-scheduler';

/** `full`: the server refused the changes, the account's group storage is full (docs/decisions/131). */
export type SyncStatus = 'synced' | 'syncing' | 'pending' | 'offline' | 'error' | 'full';

export interface SyncSnapshot {
  status: SyncStatus;
  /** Changes in the outbox, not yet accepted by the server. */
  pending: number;
  /** Grows each time the server's changes altered the device's groups or settings (screens reload then). */
  version: number;
  /** This device's changes that lost to another device's (docs/decisions/132), until dismissed. */
  lost: LostChange[];
  /** When the server last answered a sync (null: not yet since the page loaded). */
  checkedAt: number | null;
}

export interface SyncControllerOptions {
  /** A burst of edits (typing a settings value) becomes one request. */
  debounceMs?: number;
  /** After a server error, the next attempt. */
  retryMs?: number;
  /** Between two pulls of the other devices' changes while the tool is on screen. */
  pullEveryMs?: number;
}

const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function createSyncController(store: ProStore, options: SyncControllerOptions = {}) {
  const debounceMs = options.debounceMs ?? 600;
  const retryMs = options.retryMs ?? 30_000;
  const listeners = new Set<() => void>();
  let snapshot: SyncSnapshot = { status: 'syncing', pending: 0, version: 0, lost: [], checkedAt: null };
  let userId: number | null = null;
  let active = false;
  let running = false;
  let last: SyncOutcome | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let again = false;
  let listening = false;
  let lastUser: number | null = null;
  let checkedAt: number | null = null;

  /**
   * Before a logout wipes the device, the outbox gets its chance to reach the server, even once the
   * Pro tool is closed (the logout warning's "sync first" asks again): registered for the page's life.
   */
  async function flushBeforeLogout(): Promise<void> {
    if (userId !== null || lastUser === null) return flush();
    userId = lastUser;
    try {
      await flush();
    } finally {
      if (!active) userId = null;
    }
  }
  let logoutHook: (() => void) | null = null; // never removed: the hook outlives the Pro tool

  function publish(pending: number, versionStep = 0, lost: LostChange[] = snapshot.lost) {
    // Until a first answer, the device cannot say it is in step with the server. A pull with nothing
    // to send does not say "syncing" every few seconds: the line stays "synced" while it runs.
    const status: SyncStatus =
      (running && (pending > 0 || last?.kind !== 'synced')) || (last === null && online())
        ? 'syncing'
        : !online() || last?.kind === 'offline'
          ? 'offline'
          : last?.kind === 'failed'
            ? 'error'
            : last?.kind === 'full' && pending > 0
              ? 'full'
              : pending > 0
                ? 'pending'
                : 'synced';
    snapshot = { status, pending, version: snapshot.version + versionStep, lost, checkedAt };
    for (const listener of listeners) listener();
  }

  async function refresh(versionStep = 0, lost: LostChange[] = snapshot.lost) {
    publish(await store.pendingChanges().catch(() => snapshot.pending), versionStep, lost);
  }

  function schedule(delayMs: number) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, delayMs);
  }

  /** One sync at a time; a request for another while one runs makes one more run after it. */
  function run(): Promise<void> {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      do {
        again = false;
        const me = userId;
        if (me === null) break;
        running = true;
        await refresh();
        const outcome = await syncOnce(store, me).catch((): SyncOutcome => ({ kind: 'failed', status: 0 }));
        running = false;
        last = outcome;
        if (outcome.kind === 'synced') checkedAt = Date.now();
        // The server sets the rhythm of the pulls; a build's own default only stands in for an older server.
        if (outcome.kind === 'synced' && options.pullEveryMs === undefined && outcome.pullEverySeconds)
          pulls.setEvery(outcome.pullEverySeconds * 1000);
        // 401/403: the session or the plan is gone; the next start of the Pro tool tries again.
        if (outcome.kind === 'failed' && active && outcome.status !== 401 && outcome.status !== 403) schedule(retryMs);
        // A full storage is not retried on a timer: the next change (a deletion, say) tries again.
        const lost = outcome.kind === 'synced' ? [...snapshot.lost, ...outcome.lost] : snapshot.lost;
        await refresh(outcome.kind === 'synced' && outcome.applied > 0 ? 1 : 0, lost);
      } while (again);
    })().finally(() => {
      inFlight = null;
      pulls.synced(last?.kind === 'synced');
    });
    return inFlight;
  }

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    await run();
  }

  function notifyChange(): void {
    void refresh();
    if (active) schedule(debounceMs);
  }
  // The store says when a change was queued: it needs nothing from this controller.
  store.onLocalChange(notifyChange);

  const onOnline = () => void run();

  /** A pull is a sync with whatever the outbox holds; none starts while another sync runs. */
  const pulls = createPullScheduler(
    async (): Promise<PullResult> => {
      if (inFlight || userId === null) return 'ok';
      await run();
      if (last?.kind === 'synced') return 'ok';
      // 401/403: the session or the plan is gone, as for the retry above.
      return last?.kind === 'failed' && (last.status === 401 || last.status === 403) ? 'stop' : 'failed';
    },
    options.pullEveryMs === undefined ? {} : { everyMs: options.pullEveryMs },
  );
  const onOffline = () => void refresh();

  return {
    /** The Pro tool opened for this user: claim the device's Pro data, sync now, then on reconnect. */
    async start(user: number): Promise<void> {
      active = true;
      userId = user;
      lastUser = user;
      logoutHook ??= registerBeforeLogout(flushBeforeLogout);
      if (!listening) {
        window.addEventListener('online', onOnline);
        window.addEventListener('offline', onOffline);
        listening = true;
      }
      const wiped = await store.claim(user);
      // Another account's data was wiped: the screens must reload even if the sync finds nothing.
      await refresh(wiped ? 1 : 0);
      await run();
      if (active && userId === user) pulls.start();
    },
    /** The Pro tool closed: listeners go, and a change still waiting for its debounce is sent now. */
    stop(): void {
      active = false;
      pulls.stop();
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      listening = false;
      const waiting = timer !== null;
      if (timer) clearTimeout(timer);
      timer = null;
      const done = waiting ? run() : (inFlight ?? Promise.resolve());
      void done.finally(() => {
        if (!active) userId = null;
      });
    },
    /** A local change was saved: count it as pending and sync after the debounce. */
    notifyChange,
    /** Syncs now and waits for it (logout, tests). */
    flush,
    /** The user read the notice of lost changes. */
    dismissLost(): void {
      publish(snapshot.pending, 0, []);
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot(): SyncSnapshot {
      return snapshot;
    },
  };
}

/** The app's one controller, on the app's Pro store. */
export const groupSync = createSyncController(proStore);

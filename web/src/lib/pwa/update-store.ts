/**
 * Whether a new service worker is installed and waiting. The worker never takes over by itself
 * (skipWaiting: false): the user is told and chooses to reload (docs/architecture.md#offline-first-and-sync, no silent reload).
 */
type Listener = () => void;

let waiting = false;
let applyUpdate: (() => void) | null = null;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export const updateStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): boolean {
    return waiting;
  },
  /** Called when a new worker is waiting; `apply` activates it and reloads once it controls the page. */
  setWaiting(apply: () => void): void {
    waiting = true;
    applyUpdate = apply;
    emit();
  },
  dismiss(): void {
    waiting = false;
    emit();
  },
  apply(): void {
    const run = applyUpdate;
    waiting = false;
    emit();
    if (run) run();
    else window.location.reload();
  },
};

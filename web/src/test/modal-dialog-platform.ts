// jsdom has the <dialog> element but none of its modal behaviour (no showModal, no close, no cancel
// on Escape, no inert page, no sequential focus at all). This stands in for the browser in component
// tests, the way fake-indexeddb stands in for IndexedDB, following the HTML standard's steps: what
// the app's Dialog does with the platform is tested here; the real platform is checked in Chromium by
// the journeys (e2e/journeys/auth.e2e.ts, the account deletion dialog).
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type ModalState = { previous: HTMLElement | null; inerted: Element[] };
const modals = new Map<HTMLDialogElement, ModalState>();

function topModal(): HTMLDialogElement | undefined {
  for (const dialog of [...modals.keys()]) if (!dialog.isConnected) release(dialog);
  return [...modals.keys()].at(-1);
}

function release(dialog: HTMLDialogElement): ModalState | undefined {
  const state = modals.get(dialog);
  modals.delete(dialog);
  state?.inerted.forEach((el) => el.removeAttribute('inert'));
  return state;
}

function focusables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

function showModal(this: HTMLDialogElement): void {
  if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
  if (!this.isConnected) throw new DOMException('The dialog is not connected.', 'InvalidStateError');
  this.setAttribute('open', '');
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  // "Blocked by a modal dialog": everything outside the topmost modal is inert.
  const inerted = [...document.body.children].filter((el) => !el.contains(this) && !el.hasAttribute('inert'));
  inerted.forEach((el) => el.setAttribute('inert', ''));
  modals.set(this, { previous, inerted });
  // The dialog focusing steps: the first focusable descendant, else the dialog itself.
  (this.querySelector<HTMLElement>('[autofocus]') ?? focusables(this)[0] ?? this).focus();
}

function close(this: HTMLDialogElement, returnValue?: string): void {
  if (!this.open) return;
  this.removeAttribute('open');
  if (returnValue !== undefined) this.returnValue = returnValue;
  release(this)?.previous?.focus();
  // The close event is queued as a task, not dispatched synchronously.
  setTimeout(() => this.dispatchEvent(new Event('close')), 0);
}

function onKeyDown(event: KeyboardEvent): void {
  const dialog = topModal();
  if (!dialog) return;
  if (event.key === 'Escape') {
    event.preventDefault();
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  } else if (event.key === 'Tab') {
    // Sequential focus navigation over what is not inert: the modal dialog's own controls.
    event.preventDefault();
    const items = focusables(dialog);
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = event.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : at === -1 ? 0 : (at + 1) % items.length;
    items[next]!.focus();
  }
}

export function installModalDialogPlatform(): void {
  if (typeof HTMLDialogElement === 'undefined' || typeof HTMLDialogElement.prototype.showModal === 'function') return;
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = close;
  document.addEventListener('keydown', onKeyDown);
}

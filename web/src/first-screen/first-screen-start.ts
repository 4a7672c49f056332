import { SEARCH_QUERY_MAX_LENGTH } from '@pharmaradar/shared/search-limits';
import { TWIN_CONTROLS, twinKey, twinsOf } from './twin-control';

/**
 * Before the app runs, a server-drawn page (ADR 119) already works as a page: its links navigate,
 * the search form submits to the results address, its fields take typing. The app starts on the
 * visitor's first touch, key or focus (ADR 120), and nothing done before it took over is lost:
 * typed text, the focused field and a tap on a button that needs the app are carried over.
 */

/** What the visitor did on the drawn page that the app must carry on with. */
export interface FirstScreenHandover {
  /** Starts the app now, without waiting for a sign of intent (does nothing the second time). */
  start(): void;
  /** Whether the app has been started (by a sign of intent or by `start`). */
  started(): boolean;
  /** Starts the app once the visitor has paused and the browser is idle (ADR 168). */
  startWhenIdle(): void;
  /** Puts typed text and focus into the app's fields; runs in the commit that replaced the page. */
  restoreFields(root: HTMLElement): void;
  /** Taps the app's twin of a button tapped before the app could answer it. */
  replayTap(root: HTMLElement): void;
  /** Resolves when no search made on the drawn page is under way (ADR 167): the app then takes it over whole. */
  whenSearchEnded(): Promise<void>;
  /** Resolves when no finger or button is down, so a tap is never split between two pages. */
  whenPointerFree(): Promise<void>;
  /** Stops watching the drawn page. */
  stop(): void;
}

const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * How long the visitor must have stopped typing in the drawn search form before the app starts: its
 * start blocks the phone for seconds in all, so it waits for a pause rather than cut into the typing
 * (ADR 168). At 150 ms a key, a word is typed well within it.
 */
export const TYPING_PAUSE_MS = 1500;

/** Runs `run` when the browser has nothing else to do (or soon, where it cannot say). */
function whenBrowserIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

/** What the drawn page does with a search submitted before the app has taken over (ADR 167). */
export interface DrawnSearchRunner {
  /** Resolves once the search has ended (drawn whole, failed or dropped). */
  run(form: HTMLFormElement, query: string): Promise<void>;
  /** The app has taken the page over: a search under way is the app's now. */
  stop(): void;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isTextField(node: EventTarget | null): node is Field {
  if (node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement) return true;
  return node instanceof HTMLInputElement && !['checkbox', 'radio', 'file', 'submit', 'button'].includes(node.type);
}

/** A field is known by its name on both pages (React's generated ids differ between them). */
const fieldKey = (field: Field) => field.name || null;

function isSearchable(form: HTMLFormElement): boolean {
  const query = new FormData(form).get('q');
  const text = typeof query === 'string' ? query.trim() : '';
  return text !== '' && text.length <= SEARCH_QUERY_MAX_LENGTH;
}

/** Sets a field's value as typing would, so the app's change handler sees it. */
function typeInto(field: Field, value: string): void {
  const proto = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Watches the drawn page in `root` and calls `start` once, on the first sign of intent. Links are
 * left to the browser, and so is the search form unless `onSearch` runs it in place (ADR 167: then
 * the search form's signs of intent start the app only once the typing pauses, ADR 168); a tap on
 * anything else waits for the app.
 */
export function startOnIntent(
  root: HTMLElement,
  start: () => void,
  onSearch?: DrawnSearchRunner | null,
): FirstScreenHandover {
  const typed = new Map<string, string>();
  let focused: { key: string; start: number | null; end: number | null } | null = null;
  let tapped: string | null = null;
  let pointersDown = 0;
  let pointerFree: (() => void)[] = [];

  let started = false;
  let pause: ReturnType<typeof setTimeout> | undefined;
  let searching: Promise<void> = Promise.resolve();
  const intent = () => {
    clearTimeout(pause);
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    start();
  };
  const startWhenIdle = () => {
    clearTimeout(pause);
    if (!started) pause = setTimeout(() => whenBrowserIdle(intent), TYPING_PAUSE_MS);
  };
  // A touch, key or focus in the search form (when the drawn page runs its search itself) starts the
  // app only once the typing pauses; anywhere else at once, as the app is what answers there.
  const onIntent = (event: Event) => {
    const target = event.target;
    const inSearch = target instanceof Element && root.contains(target) && target.closest('form[role="search"]');
    if (onSearch && inSearch) startWhenIdle();
    else intent();
  };

  // Followed as it happens: by the time the app has drawn its page, the drawn one is gone.
  const caret = (field: Field) => {
    if (field instanceof HTMLSelectElement) return { start: null, end: null };
    try {
      return { start: field.selectionStart, end: field.selectionEnd };
    } catch {
      return { start: null, end: null }; // some input types have no selection
    }
  };
  const drawnField = (event: Event): Field | null => {
    const field = event.target;
    return isTextField(field) && root.contains(field) && fieldKey(field) ? field : null;
  };
  const onInput = (event: Event) => {
    const field = drawnField(event);
    if (!field) return;
    typed.set(field.name, field.value);
    if (focused?.key === field.name) focused = { key: field.name, ...caret(field) };
    // A choice made without a touch or a key (a list changed by assistive technology or autofill)
    // needs the app as much as a tap does; in the search form, a phone's keyboard may send no key
    // events, and the typing pause still applies.
    if (!field.closest('form[role="search"]')) intent();
    else if (pause !== undefined && !started) startWhenIdle();
  };
  const onFocus = (event: Event) => {
    const field = drawnField(event);
    focused = field ? { key: field.name, ...caret(field) } : null;
  };
  const onBlur = (event: Event) => {
    // Focus that leaves for elsewhere is gone; a field removed with the drawn page keeps it. The
    // browser says "focusout" before it removes the field, so the answer waits for the removal.
    const field = event.target;
    queueMicrotask(() => {
      const active = document.activeElement;
      if (!(field instanceof Node) || !field.isConnected) return;
      if (!(isTextField(active) && root.contains(active))) focused = null;
    });
  };
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element && root.contains(event.target) ? event.target : null;
    // A link, a disclosure or a label works without the app: the browser answers it.
    if (!target || target.closest('a[href], summary, label')) return;
    const tappable = target.closest(TWIN_CONTROLS);
    if (!tappable) return;
    // The search form's own button submits to the results page without the app.
    if (tappable.closest('form[role="search"]') && tappable.getAttribute('type') === 'submit') return;
    event.preventDefault();
    tapped = twinKey(tappable);
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
    // The search goes to its results page without the app, unless the app has a word to say about
    // the query (empty, too long). Another form would put its fields in the address: it waits. On
    // the home page the drawn page runs the search in place (ADR 167), the app starting after it.
    if (form.getAttribute('role') === 'search' && isSearchable(form)) {
      if (!onSearch) return;
      event.preventDefault();
      clearTimeout(pause);
      pause = undefined;
      searching = onSearch.run(form, String(new FormData(form).get('q')).trim());
      return;
    }
    event.preventDefault();
    const button = event.submitter ?? form.querySelector('[type="submit"]');
    if (button) tapped = twinKey(button);
  };
  const onPointerDown = () => {
    pointersDown += 1;
  };
  const onPointerUp = () => {
    pointersDown = Math.max(0, pointersDown - 1);
    if (pointersDown > 0) return;
    // The click follows the release in the same turn: let it land on the page it started on.
    setTimeout(() => {
      const waiting = pointerFree;
      pointerFree = [];
      for (const resolve of waiting) resolve();
    }, 0);
  };

  for (const type of INTENT_EVENTS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  const listeners = [
    ['input', onInput],
    ['focusin', onFocus],
    ['focusout', onBlur],
    ['click', onClick],
    ['submit', onSubmit],
    ['pointerdown', onPointerDown],
    ['pointerup', onPointerUp],
    ['pointercancel', onPointerUp],
  ] as const;
  for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener, true);

  const stop = () => {
    clearTimeout(pause);
    onSearch?.stop();
    for (const type of INTENT_EVENTS) document.removeEventListener(type, onIntent, true);
    for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener, true);
  };

  // Both run once the app's page is in: the watching stops first, so their own events are the app's.
  return {
    start: intent,
    started: () => started,
    startWhenIdle,
    restoreFields(app) {
      stop();
      const twinOf = (key: string) =>
        [...app.querySelectorAll('input, textarea, select')].find(
          (node): node is Field => isTextField(node) && node.name === key,
        );
      for (const [key, value] of typed) {
        const twin = twinOf(key);
        if (twin && twin.value !== value) typeInto(twin, value);
      }
      if (!focused) return;
      const twin = twinOf(focused.key);
      if (!twin) return;
      twin.focus({ preventScroll: true });
      if (focused.start !== null && !(twin instanceof HTMLSelectElement)) {
        try {
          twin.setSelectionRange(focused.start, focused.end ?? focused.start);
        } catch {
          // As above.
        }
      }
    },
    replayTap(app) {
      stop();
      if (!tapped) return;
      const wanted = tapped;
      tapped = null;
      const twins = twinsOf(app, wanted);
      // Only an unambiguous twin: tapping the wrong button would be worse than asking for another tap.
      if (twins.length === 1) twins[0]!.click();
    },
    whenSearchEnded: () => searching,
    whenPointerFree() {
      if (pointersDown === 0) return Promise.resolve();
      return new Promise((resolve) => pointerFree.push(resolve));
    },
    stop,
  };
}

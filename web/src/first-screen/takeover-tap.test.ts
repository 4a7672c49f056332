import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAKEOVER_TAP_MAX_AGE_MS, watchTakeoverTaps, type TakeoverTaps } from './takeover-tap';

// ADR 182: a tap that starts on the drawn page and ends after the app replaced it is made again, once,
// on the app's twin; never a tap the drawn page answered, an old one, or one after the address moved.
const PAGE =
  '<button type="button" aria-label="Scan a pack’s barcode">Scan</button>' +
  '<a href="/en/faq">FAQ</a>' +
  '<button type="button">Add</button><button type="button">Add</button>';

let clock = 0;
let taps: TakeoverTaps | null = null;

function drawn() {
  document.body.innerHTML = `<div id="root">${PAGE}</div>`;
  const root = document.getElementById('root')!;
  taps = watchTakeoverTaps(root, () => clock);
  return root;
}

/** The app's commit: the same markup, new elements; returns what the app's elements were clicked. */
function commitApp(root: HTMLElement) {
  root.innerHTML = PAGE;
  const clicked: string[] = [];
  for (const node of root.querySelectorAll('button, a'))
    node.addEventListener('click', (event) => {
      event.preventDefault(); // jsdom does not navigate
      clicked.push(node.textContent ?? '');
    });
  taps!.committed();
  return clicked;
}

const pointer = (type: string, target: EventTarget) =>
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, isPrimary: true, button: 0 }));
/** What the browser does when the element under the finger went away: the click goes to `#root`. */
const release = (root: HTMLElement) => {
  pointer('pointerup', root);
  root.dispatchEvent(new MouseEvent('click', { bubbles: true }));
};
const settled = () => new Promise((resolve) => setTimeout(resolve, 40));
const scanOf = (root: HTMLElement) => root.querySelector('button')!;

afterEach(() => {
  taps?.stop();
  taps = null;
  clock = 0;
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

describe('a tap during the takeover', () => {
  it('is made once on the app’s twin when the finger went down on the drawn page and up on the app', async () => {
    const root = drawn();
    pointer('pointerdown', scanOf(root));
    const clicked = commitApp(root);
    release(root);
    await settled();
    release(root); // a second release never replays again
    await settled();
    expect(clicked).toEqual(['Scan']);
  });

  it('is made when the finger was released before the commit but the element had already gone', async () => {
    const root = drawn();
    const scan = scanOf(root);
    pointer('pointerdown', scan);
    scan.remove();
    release(root);
    await settled();
    const clicked = commitApp(root);
    await settled();
    expect(clicked).toEqual(['Scan']);
  });

  it('goes to a link by where it leads', async () => {
    const root = drawn();
    pointer('pointerdown', root.querySelector('a')!);
    const clicked = commitApp(root);
    release(root);
    await settled();
    expect(clicked).toEqual(['FAQ']);
  });

  it('carries Space pressed on a focused drawn button over the commit, and its focus', async () => {
    const root = drawn();
    const scan = scanOf(root);
    scan.focus();
    scan.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    const clicked = commitApp(root);
    expect(document.activeElement).toBe(scanOf(root));
    document.activeElement!.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', bubbles: true }));
    await settled();
    expect(clicked).toEqual(['Scan']);
  });

  it('gives the focus of a drawn control focused before the app began drawing to its twin', () => {
    document.body.innerHTML = `<div id="root">${PAGE}</div>`;
    const root = document.getElementById('root')!;
    root.querySelector('a')!.focus();
    taps = watchTakeoverTaps(root, () => clock);
    commitApp(root);
    expect(document.activeElement).toBe(root.querySelector('a'));
  });

  it('is not made again when the drawn page had the click', async () => {
    const root = drawn();
    const scan = scanOf(root);
    pointer('pointerdown', scan);
    pointer('pointerup', scan);
    scan.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    const clicked = commitApp(root);
    release(root);
    await settled();
    expect(clicked).toEqual([]);
  });

  it('is not made when it is older than a second, the address moved, or it was cancelled', async () => {
    const old = drawn();
    pointer('pointerdown', scanOf(old));
    const tooLate = commitApp(old);
    clock += TAKEOVER_TAP_MAX_AGE_MS + 1;
    release(old);
    await settled();
    expect(tooLate).toEqual([]);
    taps!.stop();

    const moved = drawn();
    pointer('pointerdown', scanOf(moved));
    const elsewhere = commitApp(moved);
    window.history.pushState(null, '', '/en/faq');
    release(moved);
    await settled();
    expect(elsewhere).toEqual([]);
    taps!.stop();

    const scrolled = drawn();
    pointer('pointerdown', scanOf(scrolled));
    pointer('pointercancel', scrolled);
    const cancelled = commitApp(scrolled);
    release(scrolled);
    await settled();
    expect(cancelled).toEqual([]);
  });

  it('is not made on one of two twins alike, nor for a tap that began after the commit', async () => {
    const root = drawn();
    pointer('pointerdown', root.querySelectorAll('button')[1]!);
    const ambiguous = commitApp(root);
    release(root);
    await settled();
    expect(ambiguous).toEqual([]);
    taps!.stop();

    const later = drawn();
    const clicked = commitApp(later);
    pointer('pointerdown', scanOf(later));
    later.querySelector('a')!.remove(); // nothing the watcher holds
    release(later);
    await settled();
    expect(clicked).toEqual([]);
  });

  it('waits for a twin still loading, within the second', async () => {
    const root = drawn();
    pointer('pointerdown', root.querySelector('a')!);
    root.innerHTML = '<p>Loading…</p>';
    taps!.committed();
    release(root);
    await settled();
    const clicked: string[] = [];
    root.innerHTML = PAGE;
    root.querySelector('a')!.addEventListener('click', (event) => {
      event.preventDefault();
      clicked.push('FAQ');
    });
    await vi.waitFor(() => expect(clicked).toEqual(['FAQ']));
  });
});

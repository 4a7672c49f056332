import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOnIntent, type FirstScreenHandover } from './first-screen-start';

// ADR 120: the drawn page works before the app; the app starts on the first sign of intent and
// carries on with what the visitor did in between.
const DRAWN =
  '<form role="search"><input name="q" type="search" value=""><button type="submit">Search</button></form>' +
  '<a href="/fr/pro" id="link">Pro</a>' +
  '<form id="alert"><input name="email" type="email"><button type="submit" data-testid="alert-submit">Notify me</button></form>' +
  '<button type="button" data-testid="add-basket">Add to basket</button>';

let handover: FirstScreenHandover | null = null;

function drawn(start = vi.fn()) {
  document.body.innerHTML = `<div id="root">${DRAWN}</div>`;
  const root = document.getElementById('root')!;
  handover = startOnIntent(root, start);
  return { root, start, handover };
}

/** The app's page, drawn in place of the server's: same fields and buttons, new elements. */
function replaceWithApp(root: HTMLElement) {
  root.innerHTML = DRAWN;
  const seen: string[] = [];
  root.addEventListener('input', (event) => seen.push((event.target as HTMLInputElement).value));
  return seen;
}

function type(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  handover?.stop();
  handover = null;
  document.body.innerHTML = '';
});

describe('the drawn page before the app', () => {
  it('starts the app once, on the first touch, key or focus', () => {
    const { root, start } = drawn();
    expect(start).not.toHaveBeenCalled();
    root.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    document.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts the app on a choice made without a touch or key, and carries the choice over', () => {
    document.body.innerHTML =
      '<div id="root"><select name="sort"><option value="relevance">Relevance</option><option value="price">Price</option></select></div>';
    const root = document.getElementById('root')!;
    const start = vi.fn();
    handover = startOnIntent(root, start);
    const drawnSelect = root.querySelector('select')!;
    drawnSelect.value = 'price';
    drawnSelect.dispatchEvent(new Event('input', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);

    root.innerHTML =
      '<select name="sort"><option value="relevance">Relevance</option><option value="price">Price</option></select>';
    const changes: string[] = [];
    root.addEventListener('change', (event) => changes.push((event.target as HTMLSelectElement).value));
    handover.restoreFields(root);
    expect(root.querySelector('select')!.value).toBe('price');
    expect(changes).toEqual(['price']);
  });

  it('leaves links and the search form to the browser', () => {
    const { root } = drawn();
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('#link')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    type(root.querySelector<HTMLInputElement>('input[name="q"]')!, 'dafalgan');
    const search = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    root.querySelector('form[role="search"]')!.dispatchEvent(search);
    expect(search.defaultPrevented).toBe(false);
  });

  it('holds an empty search for the app, which says what is wrong, and presses it again there', () => {
    const { root, handover } = drawn();
    const form = root.querySelector('form[role="search"]')!;
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);

    replaceWithApp(root);
    const onSubmit = vi.fn((event: Event) => event.preventDefault());
    root.querySelector('form[role="search"]')!.addEventListener('submit', onSubmit);
    handover.replayTap(root);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('can be told to start the app at once, still once', () => {
    const { start, handover } = drawn();
    handover.start();
    document.dispatchEvent(new Event('pointerdown'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('keeps another form from sending its fields in the address', () => {
    const { root } = drawn();
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    root.querySelector('#alert')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('carries typed text and the focused field, caret included, into the app', () => {
    const { root, handover } = drawn();
    const q = root.querySelector<HTMLInputElement>('input[name="q"]')!;
    q.focus();
    type(q, 'dafalgan');
    type(root.querySelector<HTMLInputElement>('input[name="email"]')!, 'anne@example.be');
    q.focus();
    q.setSelectionRange(3, 3);
    type(q, 'dafalgan 1g');
    q.setSelectionRange(4, 4);
    q.dispatchEvent(new Event('input', { bubbles: true }));

    const seen = replaceWithApp(root);
    handover.stop();
    handover.restoreFields(root);
    const twin = root.querySelector<HTMLInputElement>('input[name="q"]')!;
    expect(twin.value).toBe('dafalgan 1g');
    expect(root.querySelector<HTMLInputElement>('input[name="email"]')!.value).toBe('anne@example.be');
    expect(seen).toEqual(['dafalgan 1g', 'anne@example.be']); // the app's change handlers saw it
    expect(document.activeElement).toBe(twin);
    expect(twin.selectionStart).toBe(4);
  });

  it('keeps the focus the exchange itself takes away, not one the visitor moved elsewhere', async () => {
    const { root, handover } = drawn();
    const q = root.querySelector<HTMLInputElement>('input[name="q"]')!;
    q.focus();
    type(q, 'ibuprofen');
    // The browser blurs the field just before the app's commit removes it, in the same task.
    q.blur();
    const seen = replaceWithApp(root);
    handover.restoreFields(root);
    expect(seen).toEqual(['ibuprofen']);
    expect(document.activeElement).toBe(root.querySelector('input[name="q"]'));
    handover.stop();

    const again = drawn();
    const field = again.root.querySelector<HTMLInputElement>('input[name="q"]')!;
    field.focus();
    field.blur(); // the visitor tapped elsewhere
    await Promise.resolve();
    replaceWithApp(again.root);
    again.handover.restoreFields(again.root);
    expect(document.activeElement).toBe(document.body);
  });

  it('taps the app twin of a button the drawn page could not answer', () => {
    const { root, handover } = drawn();
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('[data-testid="add-basket"]')!.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);

    replaceWithApp(root);
    const onTap = vi.fn();
    root.querySelector('[data-testid="add-basket"]')!.addEventListener('click', onTap);
    handover.replayTap(root);
    expect(onTap).toHaveBeenCalledTimes(1);
    handover.replayTap(root); // once only
    expect(onTap).toHaveBeenCalledTimes(1);
  });

  it('knows the twin by what it is and says, not by its test id', () => {
    const { root, handover } = drawn();
    root.querySelector('[data-testid="add-basket"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    replaceWithApp(root);
    const twin = root.querySelector('[data-testid="add-basket"]')!;
    twin.setAttribute('data-testid', 'basket-add');
    const onTap = vi.fn();
    twin.addEventListener('click', onTap);
    handover.replayTap(root);
    expect(onTap).toHaveBeenCalledTimes(1);
  });

  it('does not guess when the twin is ambiguous', () => {
    const { root, handover } = drawn();
    root.querySelector('[data-testid="add-basket"]')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    root.innerHTML = DRAWN + DRAWN;
    const onTap = vi.fn();
    root.addEventListener('click', onTap);
    handover.replayTap(root);
    expect(onTap).not.toHaveBeenCalled();
  });

  it('waits for a pressed pointer to be released before the exchange', async () => {
    const { handover } = drawn();
    document.dispatchEvent(new Event('pointerdown'));
    let free = false;
    void handover.whenPointerFree().then(() => (free = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(free).toBe(false);
    document.dispatchEvent(new Event('pointerup'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(free).toBe(true);
  });
});

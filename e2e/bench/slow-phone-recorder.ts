// What the person sees and feels, recorded inside every document of a bench context (an init
// script): kept in sessionStorage, so an Enter that navigates to another document keeps its record.
// Times are absolute (timeOrigin + the page's clock), comparable across documents of the same tab.

export const RECORD_KEY = 'slow-phone-bench';

/** Elements that show a price: an offer's price and a product card's best price. */
export const PRICE_SELECTOR = '[data-testid="offer-price"], [data-testid="best-price"]';

export interface PersonRecord {
  /** The first document's start (its navigation), the first contentful paint after it. */
  startAt?: number;
  firstPaintAt?: number;
  tapAt?: number;
  enterAt?: number;
  /** A document started after Enter: the search went through a page load instead of in place. */
  navigatedAfterEnter?: boolean;
  /** A price element with a size, on top at its centre (no splash over it), anywhere on the page. */
  firstPriceDrawnAt?: number;
  /** The same, inside the viewport without scrolling. */
  firstPriceInViewAt?: number;
  /** The search shows every shop as answered. */
  allShopsAt?: number;
  /** Event Timing entries (key presses, taps) over 16 ms: when, how long before handled, until painted. */
  events: { name: string; at: number; delay: number; duration: number }[];
  longTasks: { at: number; duration: number }[];
}

/**
 * Serialized into the page by `context.addInitScript`: it may use nothing from outside its body.
 * `startedBy` 'enter' waits for Enter before looking for prices (a search); 'navigation' looks from
 * the document's start (a product page opened by its address).
 */
export function recordPerson(options: { startedBy: 'enter' | 'navigation'; priceSelector: string; key: string }) {
  let record: PersonRecord;
  try {
    record = JSON.parse(sessionStorage.getItem(options.key) ?? 'null') ?? { events: [], longTasks: [] };
  } catch {
    return; // about:blank and other documents without storage
  }
  const save = () => sessionStorage.setItem(options.key, JSON.stringify(record));
  const absolute = (t: number) => performance.timeOrigin + t;
  const firstDocument = record.startAt === undefined;
  if (firstDocument) record.startAt = performance.timeOrigin;
  if (record.enterAt !== undefined) record.navigatedAfterEnter = true;
  save();

  if (firstDocument)
    new PerformanceObserver((list) => {
      const paint = list.getEntries().find((e) => e.name === 'first-contentful-paint');
      if (paint && record.firstPaintAt === undefined) {
        record.firstPaintAt = absolute(paint.startTime);
        save();
      }
    }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      record.events.push({
        name: e.name,
        at: absolute(e.startTime),
        delay: e.processingStart - e.startTime,
        duration: e.duration,
      });
    save();
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) record.longTasks.push({ at: absolute(e.startTime), duration: e.duration });
    save();
  }).observe({ type: 'longtask', buffered: true });

  addEventListener(
    'pointerdown',
    (event) => {
      if (record.tapAt !== undefined) return;
      record.tapAt = absolute(event.timeStamp);
      save();
    },
    { capture: true, passive: true },
  );
  addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter' || record.enterAt !== undefined) return;
      record.enterAt = absolute(event.timeStamp);
      save();
    },
    { capture: true, passive: true },
  );

  /** On top at its centre (clamped to the viewport when `inView`): not under a splash or a sheet. */
  const shown = (node: Element, inView: boolean) => {
    const box = node.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    if (inView && (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth)) return false;
    if (!inView) return node.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const x = Math.min(Math.max(box.left + box.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    return top !== null && (node === top || node.contains(top) || top.contains(node));
  };
  const allAnswered = () => {
    if (document.querySelector('[data-testid="search-stage"][data-stage="complete"]')) return true;
    const rows = [...document.querySelectorAll('[data-testid="retailer-status"]')];
    return rows.length > 0 && rows.every((row) => row.getAttribute('data-status') !== 'waiting');
  };
  const frame = (time: number) => {
    const looking = options.startedBy === 'navigation' || record.enterAt !== undefined;
    if (looking) {
      let changed = false;
      const prices = [...document.querySelectorAll(options.priceSelector)];
      if (record.firstPriceDrawnAt === undefined && prices.some((p) => shown(p, false))) {
        record.firstPriceDrawnAt = absolute(time);
        changed = true;
      }
      if (record.firstPriceInViewAt === undefined && prices.some((p) => shown(p, true))) {
        record.firstPriceInViewAt = absolute(time);
        changed = true;
      }
      if (record.allShopsAt === undefined && allAnswered()) {
        record.allShopsAt = absolute(time);
        changed = true;
      }
      if (changed) save();
      if (record.firstPriceInViewAt !== undefined && record.allShopsAt !== undefined) return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

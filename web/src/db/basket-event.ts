/**
 * The event basket writers dispatch on window after every change, apart from basket-store.ts so the
 * navbar can listen without loading the store (and Dexie with it) on the first page load.
 */
export const BASKET_CHANGED_EVENT = 'pharmaradar:basket-changed';

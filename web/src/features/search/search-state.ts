import type {
  QueryKind,
  RetailerStatus,
  SearchEvent,
  SearchOffer,
  SearchProduct,
  SearchResult,
  SearchStage,
} from '@pharmaradar/shared/search.schema';
import { groupOffers } from '@pharmaradar/shared/search-grouping';
import { rememberRetailerNames } from '../../lib/retailers';
import type { SavedSearch } from '../../db/db';

/** Retailers compared by default (docs/product.md#audience-and-plans); a retailer the server adds or drops is fixed by its events. */
export const DEFAULT_RETAILERS = ['farmaline', 'medimarket', 'multipharma'] as const;

export type RetailerRowStatus = 'waiting' | RetailerStatus;

export interface RetailerRow {
  id: string;
  status: RetailerRowStatus;
  ms: number | null;
  offers: number;
}

/**
 * idle: nothing asked; loading: stream open; done: final result shown; error: nothing to show;
 * offline: no network (or server unreachable) — `result` then holds the saved copy, if any.
 */
export type SearchStatus = 'idle' | 'loading' | 'done' | 'error' | 'offline';

export interface SearchError {
  code: string;
  detail: string | null;
}

export interface SearchState {
  status: SearchStatus;
  query: string;
  kind: QueryKind | null;
  stage: SearchStage | null;
  /** Whether the prices come from the demo shops: known from the first event ('launching'), else null. */
  demo: boolean | null;
  retailers: RetailerRow[];
  /** Provisional products while loading (grouped client-side), then the final ones. */
  products: SearchProduct[];
  /** Raw offers of the retailers that answered so far (the source of the provisional products). */
  received: SearchOffer[];
  result: SearchResult | null;
  error: SearchError | null;
  fetchedAt: string | null;
  fromCache: boolean;
  /** 'offline': the browser says so; 'unreachable': online but the request failed. */
  offlineReason: 'offline' | 'unreachable' | null;
}

export type SearchAction =
  | { type: 'start'; query: string; kind: QueryKind }
  | { type: 'event'; event: SearchEvent }
  | { type: 'failed'; error: SearchError }
  | { type: 'offline'; reason: 'offline' | 'unreachable'; saved: SavedSearch | null }
  | { type: 'reset' };

export const initialSearchState: SearchState = {
  status: 'idle',
  query: '',
  kind: null,
  stage: null,
  demo: null,
  retailers: [],
  products: [],
  received: [],
  result: null,
  error: null,
  fetchedAt: null,
  fromCache: false,
  offlineReason: null,
};

const waitingRows = (): RetailerRow[] =>
  DEFAULT_RETAILERS.map((id) => ({ id, status: 'waiting', ms: null, offers: 0 }));

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'start':
      return {
        ...initialSearchState,
        status: 'loading',
        query: action.query,
        kind: action.kind,
        stage: 'launching',
        retailers: waitingRows(),
      };
    case 'event':
      return state.status === 'loading' ? applyEvent(state, action.event) : state;
    case 'failed':
      return { ...state, status: 'error', error: action.error, stage: null };
    case 'offline':
      return fromSaved(state, action.reason, action.saved);
    case 'reset':
      return initialSearchState;
  }
}

function applyEvent(state: SearchState, event: SearchEvent): SearchState {
  switch (event.event) {
    case 'stage':
      return event.data.stage === 'launching'
        ? { ...state, stage: event.data.stage, demo: event.data.demo }
        : { ...state, stage: event.data.stage };
    case 'retailer': {
      const { retailer, status, ms, offers } = event.data;
      rememberRetailerNames([{ id: retailer, name: event.data.name }]);
      const row: RetailerRow = { id: retailer, status, ms, offers: offers.length };
      const known = state.retailers.some((r) => r.id === retailer);
      const retailers = known ? state.retailers.map((r) => (r.id === retailer ? row : r)) : [...state.retailers, row];
      // Provisional cards: everything received so far, grouped exactly as the server will.
      const received = [...state.received.filter((o) => o.retailer !== retailer), ...offers];
      return {
        ...state,
        retailers,
        received,
        products: groupOffers(received, { kind: state.kind ?? 'name', value: state.query }),
      };
    }
    case 'error':
      // The stream reports a broken search as an error event; runSearch turns it into 'failed'.
      return state;
    case 'result': {
      const result = event.data;
      rememberRetailerNames(result.retailers);
      return {
        ...state,
        status: 'done',
        stage: 'complete',
        demo: result.demo,
        kind: result.kind,
        retailers: result.retailers.map((r) => ({
          id: r.id,
          status: r.status,
          ms: r.ms,
          offers: result.products.reduce((n, p) => n + p.offers.filter((o) => o.retailer === r.id).length, 0),
        })),
        products: result.products,
        result,
        fetchedAt: result.fetchedAt,
      };
    }
  }
}

function fromSaved(state: SearchState, reason: 'offline' | 'unreachable', saved: SavedSearch | null): SearchState {
  if (!saved) return { ...state, status: 'offline', offlineReason: reason, stage: null, retailers: [], products: [] };
  const { result } = saved;
  // The saved answer names its shops: one read only from its feed is named offline too.
  rememberRetailerNames(result.retailers);
  return {
    ...state,
    status: 'offline',
    offlineReason: reason,
    stage: null,
    demo: result.demo,
    kind: result.kind,
    retailers: [],
    products: result.products,
    result,
    fetchedAt: saved.fetchedAt,
    fromCache: true,
  };
}

// Limits of the price search without zod: the search form on the home page needs them before any
// schema is loaded (ADR 036). search.schema.ts builds its validation on them.

export const SEARCH_QUERY_MAX_LENGTH = 120;
/** docs/product.md#constants: up to 5 offers are shown per product. */
export const MAX_OFFERS_PER_PRODUCT = 5;

import { expect } from 'vitest';
import { searchResultSchema, type SearchResult } from '@pharmaradar/shared/search.schema';

/** GET /api/search as a client that reads no stream does: answered 200, in the shared shape. */
export async function searchJson(baseUrl: string, q: string): Promise<SearchResult> {
  const response = await fetch(`${baseUrl}/api/search?q=${encodeURIComponent(q)}`, {
    headers: { accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return searchResultSchema.parse(await response.json());
}

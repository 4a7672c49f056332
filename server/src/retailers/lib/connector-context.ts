import type { PoliteFetcher } from './polite-fetch';

export type ConnectorContext = {
  baseUrl: string;
  label: string;
  timeoutMs: number;
  fetcher: PoliteFetcher;
};

import {
  proDoneEventSchema,
  proProductEventSchema,
  type ProDoneEvent,
  type ProProductEvent,
} from '@pharmaradar/shared/pro.schema';
import { PRO_PRICES_MAX_CNKS } from '@pharmaradar/shared/pro.schema';
import { openStream } from '../../lib/api/client';
import { getApiLocale } from '../../lib/api/api-locale';
import { rememberRetailerNames } from '../../lib/retailers';

/**
 * Prices CNKs through POST /api/pro/prices (SSE), in slices of the endpoint's maximum, calling
 * `onProduct` as each answer arrives. Aborting `signal` stops the analysis (the stream is closed).
 * `live`: "refresh now", the shops are asked even where the server's market store has a fresh price.
 */
export async function streamProPrices(
  cnks: readonly string[],
  onProduct: (event: ProProductEvent) => void,
  signal?: AbortSignal,
  live = false,
): Promise<ProDoneEvent | null> {
  let done: ProDoneEvent | null = null;
  for (let i = 0; i < cnks.length; i += PRO_PRICES_MAX_CNKS) {
    if (signal?.aborted) break;
    const stream = await openStream('/pro/prices/', {
      method: 'POST',
      // The shops are asked in the interface language where they have it (ADR 148).
      body: { cnks: cnks.slice(i, i + PRO_PRICES_MAX_CNKS), lang: getApiLocale(), ...(live ? { live } : {}) },
      timeoutMs: 10 * 60_000,
      ...(signal ? { signal } : {}),
    });
    for await (const message of stream.events()) {
      const data = JSON.parse(message.data) as unknown;
      if (message.event === 'product') {
        const event = proProductEventSchema.parse(data);
        // The export's "prices read from" line names a shop read only from its feed (ADR 179).
        rememberRetailerNames(event.retailers);
        onProduct(event);
      } else if (message.event === 'done') done = proDoneEventSchema.parse(data);
    }
  }
  return done;
}

import type { Context } from 'hono';
import type { SearchEvent } from '@pharmaradar/shared/search.schema';
import { streamPrivateSSE } from '../../lib/sse';

/** What one drawn stream needs: the search to run, the part drawing, and how it ends. */
export interface DrawnStream {
  /** Whether the page's parts show a price before any event (prices the server held). */
  pricedBefore?: boolean;
  /** Runs the search, reporting each event as it comes; resolves once it has ended. */
  search(listener: (event: SearchEvent) => void): Promise<unknown>;
  /** The parts drawn after `events`; null when nothing can be drawn (no renderer). */
  draw(events: SearchEvent[]): Promise<string | null>;
  /** The last event's name and data, once the search has ended and `parts` are drawn. */
  end(parts: string): { event: string; data: object };
}

/**
 * Streams parts of a drawn page as the search behind them goes (ADR 167): once at its start (every
 * shop waiting), again after each retailer's answer, and a last event with what the app takes the
 * page over with. The drawing is the web build's (the same components as the whole page), so the
 * small entry that swaps the parts in knows nothing of their markup. Nothing drawn: one `error`
 * event `not_drawn`, and the page leaves the search to the app. A client gone stops the drawing, not
 * the search, which others may share (as the search's own stream).
 */
export function streamDrawnParts(c: Context, drawn: DrawnStream): Response {
  c.header('X-Accel-Buffering', 'no');
  return streamPrivateSSE(c, async (stream) => {
    const events: SearchEvent[] = [];
    let failed = false;
    let chain: Promise<unknown> = Promise.resolve();
    const gone = () => failed || stream.aborted || stream.closed;
    const write = (event: string, data: object) => stream.writeSSE({ event, data: JSON.stringify(data) });
    // Drawn in order, one at a time; answers that came meanwhile are in the next drawing.
    const drawNow = (last: boolean) =>
      (chain = chain.then(async () => {
        if (gone()) return;
        const parts = await drawn.draw([...events]);
        if (parts === null) {
          failed = true;
          return write('error', { code: 'not_drawn' });
        }
        // Whether a price is drawn yet: the page brings the first one into view (ADR 167).
        const priced =
          !!drawn.pricedBefore || events.some((event) => event.event === 'retailer' && event.data.offers.length > 0);
        if (!last) return write('parts', { parts, priced });
        const { event, data } = drawn.end(parts);
        return write(event, { ...data, priced });
      }));
    try {
      await drawn.search((event) => {
        events.push(event);
        // Every step the app's page shows (a stage, a shop's answer); the result is the last drawing.
        if (event.event === 'retailer' || event.event === 'stage') void drawNow(false);
      });
    } catch {
      failed = true;
      await chain;
      if (!stream.aborted && !stream.closed) await write('error', { code: 'search_failed' });
      return;
    }
    await drawNow(true);
  });
}

/** Whether the client asked for an event stream rather than JSON. */
export const wantsEventStream = (accept: string | undefined) =>
  (accept ?? '').toLowerCase().includes('text/event-stream');
